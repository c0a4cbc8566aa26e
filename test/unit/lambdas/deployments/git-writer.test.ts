/**
 * What goes inline in a tree and how a tree is cut into requests (lambdas/deployments/git-writer.ts),
 * and the waits the buyers' GitHub client accepts (lambdas/shared/adapters/github-throttle.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  INLINE_TEXT_BYTES,
  inlineText,
  TREE_SLICE_BYTES,
  TREE_SLICE_ENTRIES,
  treeSlices,
} from '../../../../lambdas/deployments/git-writer';
import { LIMIT_WAIT, limitWaitPolicy } from '../../../../lambdas/shared/adapters/github-throttle';

describe('inlineText', () => {
  it('keeps valid UTF-8 exactly, a byte-order mark and CRLF included', () => {
    const text = '\uFEFFconst café = "☕";\r\n';
    expect(inlineText(Buffer.from(text))).toBe(text);
    expect(Buffer.from(inlineText(Buffer.from(text))!)).toEqual(Buffer.from(text));
  });

  it('refuses binary: a NUL byte, invalid UTF-8, or text too large for one entry', () => {
    expect(inlineText(Uint8Array.from([0x61, 0x00, 0x62]))).toBeNull();
    expect(inlineText(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0xff]))).toBeNull();
    expect(inlineText(Buffer.alloc(INLINE_TEXT_BYTES + 1, 0x61))).toBeNull();
    expect(inlineText(Buffer.alloc(INLINE_TEXT_BYTES, 0x61))).not.toBeNull();
  });
});

/** Every slice of the entries, in order. */
const slicesOf = async <T extends { path: string; content?: string }>(entries: T[]) => {
  const slices: T[][] = [];
  for await (const slice of treeSlices(entries)) slices.push(slice);
  return slices;
};

describe('treeSlices', () => {
  it('cuts by entries and by inline bytes, keeping the order', async () => {
    const entries = Array.from({ length: 2 * TREE_SLICE_ENTRIES + 1 }, (_, index) => ({
      path: `f${index}`,
    }));
    const slices = await slicesOf(entries);
    expect(slices.map((slice) => slice.length)).toEqual([
      TREE_SLICE_ENTRIES,
      TREE_SLICE_ENTRIES,
      1,
    ]);
    expect(slices.flat()).toEqual(entries);
    const big = 'x'.repeat(INLINE_TEXT_BYTES);
    const heavy = Array.from({ length: 10 }, (_, index) => ({ path: `b${index}`, content: big }));
    const perSlice = Math.floor(TREE_SLICE_BYTES / INLINE_TEXT_BYTES);
    const cut = await slicesOf(heavy);
    expect(cut[0]).toHaveLength(perSlice);
    expect(cut.flat()).toEqual(heavy);
    expect(await slicesOf([])).toEqual([]);
  });
});

describe('limitWaitPolicy', () => {
  it('waits what GitHub says within each wait, the total and the retries; no more', () => {
    const wait = limitWaitPolicy();
    expect(wait(LIMIT_WAIT.eachSeconds + 1, 0)).toBe(false);
    expect(wait(LIMIT_WAIT.eachSeconds, 0)).toBe(true);
    expect(wait(5, LIMIT_WAIT.retries)).toBe(false);
    let spent = LIMIT_WAIT.eachSeconds;
    while (spent + LIMIT_WAIT.eachSeconds <= LIMIT_WAIT.totalSeconds) {
      expect(wait(LIMIT_WAIT.eachSeconds, 1)).toBe(true);
      spent += LIMIT_WAIT.eachSeconds;
    }
    expect(wait(LIMIT_WAIT.totalSeconds - spent + 1, 1)).toBe(false);
    // Another client (another step) starts with the whole budget.
    expect(limitWaitPolicy()(LIMIT_WAIT.eachSeconds, 0)).toBe(true);
  });
});
