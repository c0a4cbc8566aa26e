/**
 * Files for the demo templates: a real small zip bundle per template, a genuine
 * starter (starter.ts), and its preview images, which show that starter's own landing page: the
 * page's markup and styles drawn by the browser inside an SVG (`foreignObject`), so each preview
 * is the page itself at desktop size, further down, and at phone width, with no screenshot to
 * render or store.
 */
import { strToU8, zipSync } from 'fflate';
import { landingBody, landingStyles, slugOf, starterFiles } from './starter';
import type { SeedTemplate } from './templates';

const WIDTH = 1200;
const HEIGHT = 750;

/** The page as XHTML inside the SVG, `width` px wide, moved up by `scroll` px. */
const pageObject = (
  template: SeedTemplate,
  box: { x: number; y: number; width: number; height: number },
  options: { scroll?: number; phone?: boolean } = {},
) => `<foreignObject x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}">
<div xmlns="http://www.w3.org/1999/xhtml" class="page" style="width: ${box.width}px; height: ${box.height}px; overflow: hidden">
<style>${landingStyles(template, options.phone ? 'phone' : 'desktop')}</style>
<div style="margin-top: -${options.scroll ?? 0}px">
${landingBody(template)}</div>
</div>
</foreignObject>`;

/** Preview `index` (0-based) of a template: 1200×750, the card's 16:10 ratio. */
export const renderPreviewSvg = (template: SeedTemplate, index: number): string => {
  const [from, to] = template.colors;
  const body =
    index === 2
      ? // On a phone: the page at 390 px in a device frame, on the template's colours.
        `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
<rect x="393" y="18" width="414" height="714" rx="36" fill="#0f172a"/>
${pageObject(template, { x: 405, y: 30, width: 390, height: 690 }, { phone: true })}`
      : pageObject(
          template,
          { x: 0, y: 0, width: WIDTH, height: HEIGHT },
          { scroll: index === 1 ? 430 : 0 },
        );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
${body}
</svg>
`;
};

/** The starter as a zip archive, byte-identical across reseeds. */
export const buildBundleZip = (template: SeedTemplate): Uint8Array => {
  // A fixed modification time keeps the archive byte-identical across reseeds.
  const mtime = new Date('2025-01-01T00:00:00Z');
  return zipSync(
    Object.fromEntries(
      Object.entries(starterFiles(template)).map(([path, text]) => [
        path,
        [strToU8(text), { mtime }],
      ]),
    ),
    { level: 6 },
  );
};

export { slugOf };
