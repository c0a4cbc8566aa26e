/**
 * How a rendered README marks a link to another file of the bundle: the renderer (in the lazy
 * chunk, readme-rendering.ts) writes these, the viewer (in the page's chunk) listens for them, so
 * the two agree without the page importing the renderer.
 */

/** Where such a link points when opened on its own (middle click): the code preview. */
export const BUNDLE_LINK_HREF = '#code-preview';

/** The attribute naming the bundle file the link opens in the viewer. */
export const BUNDLE_PATH_ATTRIBUTE = 'data-bundle-path';
