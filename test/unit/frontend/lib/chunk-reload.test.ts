/**
 * The reload after a missing chunk: once per page and release, never in a loop, and not at all
 * without storage to remember it in.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_KEY,
  isChunkLoadError,
  reloadOnce,
} from '../../../../frontend/src/lib/chunk-reload';

const memoryStorage = () => {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
};

describe('reloadOnce', () => {
  it('reloads the first time a page of a release fails, not the second', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const input = { storage, reload, page: '/browse', release: '/assets/index-a1.js' };

    expect(reloadOnce(input)).toBe(true);
    expect(reloadOnce(input)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBe('/assets/index-a1.js /browse');
  });

  it('reloads again for another page, or for the same page of a newer release', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnce({ storage, reload, page: '/browse', release: 'r1' })).toBe(true);
    expect(reloadOnce({ storage, reload, page: '/pricing', release: 'r1' })).toBe(true);
    expect(reloadOnce({ storage, reload, page: '/pricing', release: 'r2' })).toBe(true);
    expect(reloadOnce({ storage, reload, page: '/pricing', release: 'r2' })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(3);
  });

  it('never reloads when storage refuses (it could not stop a loop)', () => {
    const reload = vi.fn();
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(reloadOnce({ storage, reload, page: '/', release: 'r1' })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('isChunkLoadError', () => {
  it('knows the browsers’ words for a failed module load, and nothing else', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://x/assets/browse-1.js',
      'error loading dynamically imported module: https://x/assets/browse-1.js',
      'Importing a module script failed.',
      'Unable to preload CSS for https://x/assets/browse-1.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
    }
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
