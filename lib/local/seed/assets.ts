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

/**
 * A raster preview as a seller's screenshot would be: a 2400×1500 PNG (twice the SVG's size, as
 * from a high-density screen) of the page's shapes in the template's colours, made by sharp at
 * seed time, so the demo shows a card served from its WebP renditions. Shapes only: librsvg,
 * which sharp draws SVG with, does not render the HTML of the other previews.
 */
export const renderPreviewPng = async (template: SeedTemplate): Promise<Uint8Array> => {
  const [from, to] = template.colors;
  const bars = Array.from(
    { length: 6 },
    (_, row) =>
      `<rect x="${120 + (row % 2) * 60}" y="${520 + row * 70}" width="${700 - row * 60}" height="28" rx="14" fill="#ffffff" fill-opacity="${0.85 - row * 0.1}"/>`,
  ).join('');
  const cards = [0, 1, 2]
    .map(
      (column) =>
        `<rect x="${120 + column * 360}" y="1000" width="320" height="380" rx="24" fill="#ffffff" fill-opacity="0.92"/><circle cx="${200 + column * 360}" cy="1080" r="40" fill="${column === 1 ? to : from}"/>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
<g transform="scale(0.5)"><rect x="0" y="0" width="2400" height="120" fill="#0f172a" fill-opacity="0.6"/>${bars}${cards}
<rect x="1300" y="300" width="980" height="640" rx="32" fill="#0f172a" fill-opacity="0.35"/></g>
</svg>`;
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg), { density: 144 })
    .resize(WIDTH * 2, HEIGHT * 2)
    .png()
    .toBuffer();
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
