/**
 * `React.lazy` for everything but the home page (the pages, the launch overlay): the component
 * renders once its code and the page recipes (the other components' Chakra recipes, see
 * chakra-theme.ts) have both loaded, so it never paints unstyled. Neither is on a first visit to
 * the home page. (zod's browser setting is made at boot, before any page loads: zod-config.ts.)
 *
 * `preload()` starts the same loading before React renders the page: boot calls it for the page
 * the visitor opened (router.tsx, `preloadRoute`), so the page's code comes while `/config.json`
 * does instead of after it. Both share one promise.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadPageSystem } from './chakra-theme';

// The constraint of React's own `lazy`: a component of any props, which the page's JSX checks.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

export type LazyPage<T extends AnyComponent> = LazyExoticComponent<T> & {
  preload: () => Promise<{ default: T }>;
};

export const lazyPage = <T extends AnyComponent>(
  load: () => Promise<{ default: T }>,
): LazyPage<T> => {
  let loading: Promise<{ default: T }> | undefined;
  const preload = () =>
    (loading ??= Promise.all([load(), loadPageSystem()])
      .then(([module]) => module)
      .catch((error: unknown) => {
        // A load that failed (a dropped connection) starts again when the page itself renders.
        loading = undefined;
        throw error;
      }));
  return Object.assign(lazy(preload), { preload });
};
