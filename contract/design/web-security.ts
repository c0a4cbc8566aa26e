/**
 * The browser-facing security headers, defined once. The CDK builds CloudFront's
 * response headers policies from this module (lib/constructs/web.ts) and the local server sends the
 * same headers on every response (lib/local/stack.ts), so the end-to-end suite runs the app under
 * the policy it has in production. Leaf module: it imports nothing of ours.
 *
 * Two policies:
 * - the site policy, for the app, `/api/*` and `/config.json`: a strict Content-Security-Policy,
 *   HSTS, nosniff, no framing, a referrer policy and a permissions policy;
 * - the preview policy, for `/previews/*` (images that sellers uploaded): the same, with a CSP that
 *   lets such a file run nothing even when opened on its own (`sandbox`, no scripts).
 */

/** Where the app's scripts may connect, besides its own origin (`/api`, `/config.json`). */
export interface ConnectOrigins {
  /** The Cognito user pool endpoint (Amplify sign-in), e.g. `https://cognito-idp.<region>.amazonaws.com`. */
  readonly cognito: string;
  /** The files bucket's origin: the browser PUTs uploads and reads bundles by presigned URL. */
  readonly filesBucket: string;
  /**
   * The live previews' origin (their own domain, contract/design/live-previews.ts): the template
   * page frames a version's preview. Unset: no frame is allowed (`default-src 'self'`).
   */
  readonly livePreviews?: string;
}

/**
 * The site's Content-Security-Policy.
 *
 * - `script-src 'self'`: only our own bundled files; no inline script and no `eval` (the built
 *   index.html has none: Vite's module-preload polyfill is off, see frontend/vite.config.ts).
 * - `style-src 'self' 'unsafe-inline'`: Chakra styles through Emotion, which creates `<style>`
 *   elements at run time; a static CloudFront site has no per-response nonce to allow them by.
 *   Inline styles cannot run code, and script-src stays strict.
 * - `img-src`: our files and previews, data: and blob: URLs (local image previews before upload),
 *   and any https image, because profile pictures are addresses users give.
 * - `connect-src`: our origin, Cognito and the files bucket; nothing else is fetched.
 * - `frame-src`: the live previews' own origin, when there is one; no other page is framed.
 * - `frame-ancestors 'none'`, `object-src 'none'`, `base-uri 'self'`, `form-action 'self'`: no
 *   clickjacking, plugins, `<base>` hijacking or forms posting elsewhere.
 * `extra` is for the Vite dev server only (`npm run dev`): its hot-reload WebSocket and the inline
 * script with which the React plugin starts fast refresh. The production build needs neither.
 */
export const siteContentSecurityPolicy = (
  origins: ConnectOrigins,
  extra: { connect?: readonly string[]; script?: readonly string[] } = {},
): string =>
  [
    "default-src 'self'",
    ["script-src 'self'", ...(extra.script ?? [])].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    ["connect-src 'self'", origins.cognito, origins.filesBucket, ...(extra.connect ?? [])].join(
      ' ',
    ),
    ...(origins.livePreviews ? [`frame-src ${origins.livePreviews}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/**
 * The Content-Security-Policy of `/previews/*`: sellers' images, possibly SVG (the demo's previews
 * are SVG; uploads accept only JPEG, PNG, WebP and GIF). In an `<img>` an SVG runs nothing anyway;
 * opened on its own it would be a same-origin document, so it gets no script, no fetch, no frame,
 * and the `sandbox` directive (a unique origin, no scripts, no forms, no top navigation).
 */
export const PREVIEW_CONTENT_SECURITY_POLICY =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

/**
 * API paths that answer a file from a seller's bundle (the images a README shows, possibly SVG)
 * rather than JSON: they get the preview policy, as `/previews/*` does, not the site's. CloudFront
 * path patterns (`*` matches any characters).
 */
export const BUNDLE_FILE_PATH_PATTERNS = ['/api/mvps/*/files/image'] as const;

/** The headers both policies share, as the values CloudFront's policy fields take. */
export const webSecurityHeaders = {
  /** Browsers must not guess a type other than the one we send (an image stays an image). */
  contentTypeOptions: 'nosniff',
  /** For browsers without CSP `frame-ancestors`. */
  frameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
  /** HTTPS only, for a year, subdomains included; not preloaded (that commits the domain). */
  strictTransportSecurity: { maxAgeSeconds: 31_536_000, includeSubdomains: true, preload: false },
  /** Powerful features the app never uses, switched off for it and for anything it embeds. */
  permissionsPolicy:
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
} as const;

/** The Strict-Transport-Security header value. */
export const strictTransportSecurityValue = (): string => {
  const { maxAgeSeconds, includeSubdomains, preload } = webSecurityHeaders.strictTransportSecurity;
  return [
    `max-age=${maxAgeSeconds}`,
    ...(includeSubdomains ? ['includeSubDomains'] : []),
    ...(preload ? ['preload'] : []),
  ].join('; ');
};

/**
 * The full header set for one response, for servers that set headers themselves (the local
 * server). `https: false` leaves out HSTS: browsers ignore it over plain http, and sending it for
 * `localhost` could only pin other local development servers to https.
 */
export const securityHeaders = (options: {
  contentSecurityPolicy: string;
  https: boolean;
}): Record<string, string> => ({
  'content-security-policy': options.contentSecurityPolicy,
  'x-content-type-options': webSecurityHeaders.contentTypeOptions,
  'x-frame-options': webSecurityHeaders.frameOptions,
  'referrer-policy': webSecurityHeaders.referrerPolicy,
  'permissions-policy': webSecurityHeaders.permissionsPolicy,
  ...(options.https ? { 'strict-transport-security': strictTransportSecurityValue() } : {}),
});
