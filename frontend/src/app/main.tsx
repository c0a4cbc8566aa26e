/**
 * Boot: apply the stored theme before anything paints, load `/config.json` (contract 5), then
 * render. Without a config the app cannot reach its API or user pool, so it says so plainly. Page
 * code missing after a release reloads once (lib/chunk-reload.ts); anything that still fails
 * shows the root error page.
 *
 * Two things keep a phone's main thread free (docs/architecture.md, Mobile performance): the
 * Chakra system is built while `/config.json` is on its way rather than before asking for it,
 * and the first render is a transition, which React renders in slices of a few milliseconds
 * between which the browser can paint and answer input, instead of one long task.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RootErrorBoundary } from '../components/root-error-boundary';
import { getShellSystem } from '../lib/chakra-theme';
import { installChunkReload } from '../lib/chunk-reload';
import { initialDarkMode } from '../lib/color-mode';
import { loadRuntimeConfig } from '../lib/runtime-config';
import { AppProviders } from './providers';
import { AppRouter } from './router';

installChunkReload();
const initialDark = initialDarkMode();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
const root = createRoot(container);

const configLoad = loadRuntimeConfig();
getShellSystem();
configLoad.then(
  () => {
    startTransition(() => {
      root.render(
        <StrictMode>
          <AppProviders initialDark={initialDark}>
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
