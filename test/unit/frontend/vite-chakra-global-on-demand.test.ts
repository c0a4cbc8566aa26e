/**
 * The build's rewrite of Chakra's `createSystem` (frontend/vite-chakra-global-on-demand.ts): it
 * still matches the installed Chakra, and the rewritten module builds the same system, with
 * `_global` computed on the first read instead of always.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSystem } from '@chakra-ui/react';
import { globalOnDemand } from '../../../frontend/vite-chakra-global-on-demand';
import { shellRecipes, themeConfig } from '../../../frontend/src/lib/chakra-theme';

const systemModule = path.join(
  path.dirname(fileURLToPath(import.meta.resolve('@chakra-ui/react'))),
  '..',
  'esm',
  'styled-system',
  'system.js',
);

let folder: string;
let rewrittenCreateSystem: typeof createSystem;

beforeAll(async () => {
  const rewritten = globalOnDemand(await readFile(systemModule, 'utf8'))
    // The copy lives in a temporary folder: its imports point back at Chakra's own files.
    .replace(/from '(\.\.?\/[^']+)'/g, (_statement, relative: string) => {
      return `from ${JSON.stringify(path.resolve(path.dirname(systemModule), relative))}`;
    })
    .replace(
      "from '@pandacss/is-valid-prop'",
      `from ${JSON.stringify(fileURLToPath(import.meta.resolve('@pandacss/is-valid-prop')))}`,
    );
  folder = await mkdtemp(path.join(tmpdir(), 'chakra-system-'));
  const file = path.join(folder, 'system.js');
  await writeFile(file, rewritten);
  ({ createSystem: rewrittenCreateSystem } = (await import(file)) as {
    createSystem: typeof createSystem;
  });
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("the build's on-demand global CSS of Chakra's system", () => {
  it("matches the installed Chakra's code, and refuses code it does not know", async () => {
    const code = await readFile(systemModule, 'utf8');
    expect(globalOnDemand(code)).toContain('get _global()');
    expect(() =>
      globalOnDemand(code.replace('getTokenCss()];', 'getTokenCss(), more()];')),
    ).toThrow(/update the plugin for the new Chakra or remove it/);
  });

  it('gives the same global CSS as Chakra when read', () => {
    const rewritten = rewrittenCreateSystem(themeConfig, shellRecipes);
    expect(Object.getOwnPropertyDescriptor(rewritten, '_global')?.get).toBeTypeOf('function');
    expect(rewritten._global).toEqual(createSystem(themeConfig, shellRecipes)._global);
  });

  it('computes it only when read, and not at all once replaced', () => {
    // Chakra's getTokenCss builds each colour mode's variables with Object.fromEntries: counting
    // its calls shows where the work happens.
    const fromEntries = vi.spyOn(Object, 'fromEntries');
    const callsDuring = (work: () => unknown): number => {
      const before = fromEntries.mock.calls.length;
      work();
      return fromEntries.mock.calls.length - before;
    };
    try {
      const eager = callsDuring(() => createSystem(themeConfig, shellRecipes));
      let rewritten = createSystem(themeConfig, shellRecipes);
      const creation = callsDuring(() => {
        rewritten = rewrittenCreateSystem(themeConfig, shellRecipes);
      });
      expect(creation).toBeLessThan(eager);
      expect(callsDuring(() => rewritten._global)).toBe(eager - creation);
      expect(callsDuring(() => rewritten._global)).toBe(0);

      const replaced = rewrittenCreateSystem(themeConfig, shellRecipes);
      expect(
        callsDuring(() => {
          replaced._global = [];
          expect(replaced._global).toEqual([]);
        }),
      ).toBe(0);
    } finally {
      fromEntries.mockRestore();
    }
  });
});
