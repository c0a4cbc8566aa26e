/**
 * What the browser benches (lighthouse, screenshots, images) share: the production build of the
 * web app they load, and the template page they open.
 */
import path from 'node:path';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

/** Builds the web app into `frontend/dist`, as `npm run build:web` does. */
export const buildWebApp = async (): Promise<void> => {
  console.log('Building the frontend (frontend/dist)…');
  const { build } = await import('vite');
  await build({
    configFile: path.join(repositoryRoot, 'frontend', 'vite.config.ts'),
    logLevel: 'warn',
  });
};

/** The first template a visitor sees on /mvps, so the template page is a real demo one. */
export const firstTemplatePath = async (siteUrl: string): Promise<string> => {
  const { items } = (await (await fetch(`${siteUrl}/api/mvps?page=1`)).json()) as {
    items: { id: string }[];
  };
  if (!items[0]) throw new Error('The demo data has no template on /mvps page 1.');
  return `/mvp/${items[0].id}`;
};
