/**
 * After a release, a tab opened before it may ask for a page's code that is gone (docs/operations.md,
 * "Releases"). Reloading fetches the new release's index.html and its chunks; this does it once
 * per page and release (a mark in sessionStorage), so a chunk that stays missing shows the root
 * error page instead of reloading in a loop.
 */

export const CHUNK_RELOAD_KEY = 'marketplace:chunk-reload';

export interface ReloadOnceInput {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  /** The page that failed (its path). */
  page: string;
  /** What tells releases apart (the entry script's hashed URL). */
  release: string;
}

/** Reloads unless this page of this release has reloaded already; true when it reloads. */
export const reloadOnce = ({ storage, reload, page, release }: ReloadOnceInput): boolean => {
  const mark = `${release} ${page}`;
  try {
    if (storage.getItem(CHUNK_RELOAD_KEY) === mark) return false;
    storage.setItem(CHUNK_RELOAD_KEY, mark);
  } catch {
    // No storage (a privacy mode): without the mark a reload could loop, so do not reload.
    return false;
  }
  reload();
  return true;
};

/** Whether an error is a failed load of code (the browsers' words for it differ). */
export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error &&
  /dynamically imported module|importing a module script failed|unable to preload css/i.test(
    error.message,
  );

/** The hashed URL of the entry script: it changes with every release that changes the code. */
const currentRelease = (): string =>
  document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? 'development';

/** `reloadOnce` for this browser tab. */
export const reloadPageOnce = (): boolean =>
  reloadOnce({
    storage: window.sessionStorage,
    reload: () => window.location.reload(),
    page: window.location.pathname,
    release: currentRelease(),
  });

/**
 * Vite announces a chunk (or its CSS) that failed to load with `vite:preloadError`; cancelling
 * the event stops the error from reaching the page, which is reloaded instead.
 */
export const installChunkReload = (): void => {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadPageOnce()) event.preventDefault();
  });
};
