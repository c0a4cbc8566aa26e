/**
 * The theme choice as the product stores it: local storage key `darkMode`, value `'true'` or
 * `'false'`, and a `dark` class on the document root while dark (Chakra's dark condition reads
 * that class). Kept free of DOM types so it runs in unit tests as is.
 */

export const DARK_MODE_STORAGE_KEY = 'darkMode';
export const DARK_CLASS = 'dark';

/** The slice of `Storage` the theme needs. */
export interface ThemeStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The slice of `DOMTokenList` the theme needs. */
export interface ClassToggle {
  toggle(token: string, force?: boolean): boolean;
}

/**
 * The stored choice wins; with none stored (or an unreadable value) the system preference
 * decides, so a first visit matches the visitor's OS theme.
 */
export function readDarkMode(store: ThemeStore | null, systemPrefersDark: boolean): boolean {
  let stored: string | null;
  try {
    stored = store?.getItem(DARK_MODE_STORAGE_KEY) ?? null;
  } catch (_error) {
    // Storage can throw (privacy modes, disabled cookies); fall back to the system preference.
    stored = null;
  }
  if (stored === 'true') return true;
  if (stored === 'false') return false;
  return systemPrefersDark;
}

/** Persists the choice in the product's format and applies the root class. */
export function applyDarkMode(
  dark: boolean,
  store: ThemeStore | null,
  rootClasses: ClassToggle | null,
): void {
  try {
    store?.setItem(DARK_MODE_STORAGE_KEY, dark ? 'true' : 'false');
  } catch (_error) {
    // A full or blocked storage must not stop the theme from switching for this visit.
  }
  rootClasses?.toggle(DARK_CLASS, dark);
}
