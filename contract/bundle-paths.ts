/**
 * Paths inside a template's bundle as a README names them, resolved the way GitHub resolves a
 * README's relative links: from the README's own folder, `../` going up, a leading `/` meaning the
 * bundle's root, and never above that root. The browser resolves a README's links and images with
 * it, and the server resolves the same README the same way to know which images it shows.
 * Imports nothing of ours.
 */

/** The images a README may show from its bundle, by extension, with the type they are served as. */
export const BUNDLE_IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  bmp: 'image/bmp',
} as const;

/**
 * The largest image served from a bundle: a Lambda answer carries at most 6 MB, and base64 makes
 * 4 bytes of 3; a README's screenshot or animated demo is rarely larger.
 */
export const BUNDLE_IMAGE_MAX_BYTES = 3 * 1024 * 1024;

/** The content type of an image of the bundle by its name, or null when it is not one. */
export const bundleImageTypeOf = (path: string): string | null => {
  const base = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  const dot = base.lastIndexOf('.');
  if (dot < 0) return null;
  const extension = base.slice(dot + 1);
  return Object.hasOwn(BUNDLE_IMAGE_TYPES, extension)
    ? BUNDLE_IMAGE_TYPES[extension as keyof typeof BUNDLE_IMAGE_TYPES]
    : null;
};

/** A URL with a scheme (`https:`, `mailto:`, `javascript:`) or protocol-relative (`//host`). */
const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * The bundle path `href` names when written in the file at `fromFile` (a bundle path itself), or
 * null when it names nothing inside the bundle: an external URL, a bare `#anchor`, a path that
 * climbs above the bundle's root, or one that is not a well-formed path. Query and fragment are
 * dropped; percent-escapes are decoded (`my%20shot.png`).
 */
export const resolveBundlePath = (fromFile: string, href: string): string | null => {
  const trimmed = href.trim();
  if (trimmed === '' || EXTERNAL.test(trimmed)) return null;
  const bare = trimmed.split(/[?#]/, 1)[0]!;
  if (bare === '') return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(bare);
  } catch {
    return null;
  }
  // A backslash or a NUL is no separator on GitHub and no part of a name we list.
  if (/[\\\0]/.test(decoded)) return null;
  const segments = decoded.startsWith('/') ? [] : fromFile.split('/').slice(0, -1);
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return null;
      segments.pop();
    } else segments.push(segment);
  }
  return segments.length > 0 ? segments.join('/') : null;
};

/**
 * Whether `path` is already a bundle path in its one written form (what `resolveBundlePath`
 * answers): no leading or doubled `/`, no `.` or `..` segment, no backslash or NUL.
 */
export const isNormalBundlePath = (path: string): boolean =>
  path !== '' &&
  !/[\\\0]/.test(path) &&
  path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
