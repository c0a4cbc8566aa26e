import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scroll-positions';

const readPositions = (): Record<string, number> => {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch (_error) {
    return {};
  }
};

// Positions by history entry (location.key), kept across reloads of the tab like the browser does.
const positions = readPositions();

/**
 * What react-router's data-router ScrollRestoration did, for our declarative router: a new page
 * starts at the top (or at its `#hash` target), Back and Forward return to where the reader was.
 * The browser's own restoration is off because it runs before a lazy page has rendered.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch (_error) {
        // Storage full or blocked: restoration still works within this page load.
      }
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    const saved = positions[location.key];
    if (navigationType === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
    else window.scrollTo(0, 0);
    // Record the position of this entry when we leave it.
    return () => {
      positions[location.key] = window.scrollY;
    };
  }, [location.key, location.hash, navigationType]);

  return null;
}
