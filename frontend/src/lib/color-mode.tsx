/**
 * Light and dark theme with the product's storage format (see theme-storage.ts). Our own provider
 * instead of next-themes so the key and values are exactly `darkMode` = `'true'` / `'false'`.
 */
import { createContext, use, useCallback, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { applyDarkMode, readDarkMode } from './theme-storage';

interface ColorModeValue {
  dark: boolean;
  toggleColorMode: () => void;
}

const ColorModeContext = createContext<ColorModeValue | null>(null);

const safeLocalStorage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch (_error) {
    return null;
  }
};

/** Reads the stored theme and applies it; main.tsx calls it before the first render. */
export function initialDarkMode(): boolean {
  const dark = readDarkMode(
    safeLocalStorage(),
    window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false,
  );
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  return dark;
}

export function ColorModeProvider({
  initialDark,
  children,
}: {
  initialDark: boolean;
  children: ReactNode;
}) {
  const [dark, setDark] = useState(initialDark);

  const toggleColorMode = useCallback(() => {
    const next = !dark;
    applyDarkMode(next, safeLocalStorage(), document.documentElement.classList);
    document.documentElement.style.colorScheme = next ? 'dark' : 'light';
    setDark(next);
  }, [dark]);

  const value = useMemo(() => ({ dark, toggleColorMode }), [dark, toggleColorMode]);
  return <ColorModeContext value={value}>{children}</ColorModeContext>;
}

export function useColorMode(): ColorModeValue {
  const value = use(ColorModeContext);
  if (!value) throw new Error('useColorMode must be used inside ColorModeProvider.');
  return value;
}
