/**
 * `React.lazy` for everything but the home page (the pages, the launch overlay): the component
 * renders once its code, the page recipes (the other components' Chakra recipes, see
 * chakra-theme.ts) and zod's browser setting (zod-config.ts) have all loaded, so it never paints
 * unstyled and never trips the CSP. None of the three is on a first visit to the home page.
 */
import { lazy } from 'react';
import { loadPageSystem } from './chakra-theme';

export const lazyPage: typeof lazy = (load) =>
  lazy(async () => {
    // zod decides when a schema is built (as the page's contracts load) whether it may compile
    // with `new Function`, so its setting must be in force first. A tiny chunk, fetched once.
    await import('./zod-config');
    const [module] = await Promise.all([load(), loadPageSystem()]);
    return module;
  });
