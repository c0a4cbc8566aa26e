/**
 * Boot: set zod's browser setting (before any page's schemas load: lib/zod-config.ts), apply the
 * stored theme before anything paints, load `/config.json` (contract 5; index.html preloads it)
 * and, on the catalog's pages, the page's data at the same time (early-data.ts), then the code of
 * the page opened, and render. Without a config the app cannot reach its API or user pool, so it says so
 * plainly. Page code missing after a release reloads once (lib/chunk-reload.ts); anything that
 * still fails shows the root error page.
 *
 * Two things keep a phone's main thread free (docs/architecture.md, Mobile performance): the
 * Chakra system is built while `/config.json` is on its way rather than before asking for it,
 * and the first render is a transition, which React renders in slices of a few milliseconds
 * between which the browser can paint and answer input, instead of one long task.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { RootErrorBoundary } from '../components/root-error-boundary';
import { getShellSystem } from '../lib/chakra-theme';
import { installChunkReload } from '../lib/chunk-reload';
import { initialDarkMode } from '../lib/color-mode';
import { loadRuntimeConfig } from '../lib/runtime-config';
import { configureZodWithoutEval } from '../lib/zod-config';
import { queryDefaults } from '../lib/query-retry';
import { paths } from '../config/paths';
import { AppProviders } from './providers';
import { AppRouter, preloadRoute } from './router';

/** The pages whose data early-data.ts asks for before they render. */
const EARLY_DATA_PATHS = [paths.browse.path, paths.mvp.path];

configureZodWithoutEval();
installChunkReload();
const initialDark = initialDarkMode();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
const root = createRoot(container);

const queryClient = new QueryClient({ defaultOptions: { queries: queryDefaults } });
const configLoad = loadRuntimeConfig();
const { pathname, search } = window.location;
// On the catalog's pages the data is asked for at once, and the theme is built once the request is
// out rather than before it (the theme is one long task on a phone, and the request would wait).
const earlyData = EARLY_DATA_PATHS.some((path) => matchPath(path, pathname))
  ? import('./early-data').then(({ prefetchPageData }) =>
      prefetchPageData(queryClient, { pathname, search }, configLoad),
    )
  : undefined;
if (earlyData) {
  // The page asks again as it renders, and says what went wrong if it still fails.
  void earlyData.catch(() => undefined).then(() => setTimeout(getShellSystem, 0));
} else {
  // A task of its own, after the entry's evaluation rather than in it: two shorter tasks, between
  // which the browser can paint and answer, instead of one long one (docs/performance.md, "Static
  // styles").
  setTimeout(getShellSystem, 0);
}
configLoad.then(
  () => {
    // The page's code is asked for now rather than when the render reaches it: before, its chunks
    // would hold up `/config.json` itself on a slow connection.
    preloadRoute(pathname);
    startTransition(() => {
      root.render(
        <StrictMode>
          <AppProviders initialDark={initialDark} queryClient={queryClient}>
            <RootErrorBoundary>
              <AppRouter />
            </RootErrorBoundary>
          </AppProviders>
        </StrictMode>,
      );
    });
  },
  (error: unknown) => {
    console.error(error);
    root.render(
      <div role="alert" style={{ fontFamily: 'system-ui', padding: '2rem' }}>
        <h1>The site could not start</h1>
        <p>Its configuration (/config.json) could not be loaded. Please try again later.</p>
      </div>,
    );
  },
);
