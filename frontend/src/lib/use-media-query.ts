/**
 * Whether a CSS media query matches now, kept current as the window changes (a phone turned, a
 * window resized). For what a page need not build at all on a small screen, rather than build and
 * hide with CSS.
 */
import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}
