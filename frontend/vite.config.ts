/**
 * The web app's Vite config. `npm run build:web` builds into `frontend/dist`; the local server
 * (`npm start`) mounts the same config in middleware mode and serves `/api/*`, `/previews/*` and
 * `/config.json` on the same origin, so no dev proxy is configured here.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  publicDir: 'public',
  plugins: [react()],
  resolve: {
    alias: {
      // The zod schemas and constants the API validates with: one source for both sides.
      '@contracts': fileURLToPath(new URL('../lambdas/shared/contracts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Chakra's runtime is one large vendor chunk; the home route must not grow past it.
    chunkSizeWarningLimit: 700,
  },
});
