import { describe, expect, it } from 'vitest';
import {
  applyDarkMode,
  readDarkMode,
  type ThemeStore,
} from '../../../../frontend/src/lib/theme-storage';

const memoryStore = (initial: Record<string, string> = {}) => {
  const data = new Map(Object.entries(initial));
  const store: ThemeStore = {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
  return { store, data };
};

const classList = () => {
  const classes = new Set<string>();
  return {
    classes,
    toggle(token: string, force?: boolean) {
      const on = force ?? !classes.has(token);
      if (on) classes.add(token);
      else classes.delete(token);
      return on;
    },
  };
};

describe('readDarkMode', () => {
  it('uses the stored choice over the system preference', () => {
    expect(readDarkMode(memoryStore({ darkMode: 'true' }).store, false)).toBe(true);
    expect(readDarkMode(memoryStore({ darkMode: 'false' }).store, true)).toBe(false);
  });

  it('follows the system preference when nothing valid is stored', () => {
    expect(readDarkMode(memoryStore().store, true)).toBe(true);
    expect(readDarkMode(memoryStore({ darkMode: 'yes' }).store, false)).toBe(false);
    expect(readDarkMode(null, true)).toBe(true);
  });

  it('survives a storage that throws', () => {
    const throwing: ThemeStore = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    expect(readDarkMode(throwing, true)).toBe(true);
  });
});

describe('applyDarkMode', () => {
  it("stores 'true' and sets the dark class", () => {
    const { store, data } = memoryStore();
    const root = classList();
    applyDarkMode(true, store, root);
    expect(data.get('darkMode')).toBe('true');
    expect(root.classes.has('dark')).toBe(true);
  });

  it("stores 'false' and removes the dark class", () => {
    const { store, data } = memoryStore({ darkMode: 'true' });
    const root = classList();
    root.classes.add('dark');
    applyDarkMode(false, store, root);
    expect(data.get('darkMode')).toBe('false');
    expect(root.classes.has('dark')).toBe(false);
  });

  it('still switches the class when storage is full', () => {
    const root = classList();
    const full: ThemeStore = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    applyDarkMode(true, full, root);
    expect(root.classes.has('dark')).toBe(true);
  });
});
