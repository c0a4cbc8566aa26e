/**
 * A README rendered as GitHub shows it, safely: Markdown through marked, the raw HTML READMEs are
 * written with (centred logos, tables, `<details>`, `<picture>`) kept through a GitHub-like
 * allow-list, alerts (`> [!NOTE]`) as callouts, relative links and images resolved inside the
 * bundle, and headings one level down so that the page keeps its single `h1`.
 *
 * Sanitising runs twice: DOMPurify first cleans the README's HTML into a fragment, which is then
 * rewritten here (links, images, headings), and the rewritten markup is cleaned again, so what the
 * page receives has passed the sanitiser as it is. No script, style, event handler, form, frame or
 * `javascript:` URL survives either pass.
 */
import DOMPurify, { type Config } from 'dompurify';
import { Marked } from 'marked';
import { bundleImageTypeOf, resolveBundlePath } from '@contract/bundle-paths';
import { BUNDLE_LINK_HREF, BUNDLE_PATH_ATTRIBUTE } from './readme-links';

/** Where the README sits, so that its relative links and images find the bundle's files. */
export interface ReadmeContext {
  /** The README's own path in the bundle: relative paths resolve from its folder. */
  path: string;
  /** Every file path of the bundle, as listed. */
  files: ReadonlySet<string>;
  /** The address the browser loads one image of the bundle from. */
  imageUrl: (path: string) => string;
}

const ALERT_TITLES = {
  note: 'Note',
  tip: 'Tip',
  important: 'Important',
  warning: 'Warning',
  caution: 'Caution',
} as const;
type AlertKind = keyof typeof ALERT_TITLES;

/** GitHub's alert marker: alone on the first line of a blockquote. */
const ALERT_MARKER = /^\[!(note|tip|important|warning|caution)\][ \t]*(?:\r?\n|$)/i;

const markdownParser = new Marked({
  gfm: true,
  async: false,
  renderer: {
    blockquote(token) {
      const marker = ALERT_MARKER.exec(token.text);
      if (!marker) return false;
      const kind = marker[1]!.toLowerCase() as AlertKind;
      const body = this.parser
        .parse(token.tokens)
        .replace(/^<p>\[![a-z]+\][ \t]*(?:\n|<br>\n?)?/i, '<p>')
        .replace(/^<p><\/p>\n?/, '');
      return `<div class="readme-alert readme-alert-${kind}"><p class="readme-alert-title">${ALERT_TITLES[kind]}</p>\n${body}</div>\n`;
    },
  },
});

/** What GitHub lets through of a README's HTML, less what this page has no use for. */
const ALLOWED_TAGS = [
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'div', 'span'],
  ...['b', 'i', 'strong', 'em', 'del', 'ins', 's', 'strike', 'sub', 'sup', 'kbd', 'mark', 'small'],
  ...['code', 'pre', 'tt', 'samp', 'var', 'q', 'blockquote', 'abbr', 'dfn', 'wbr'],
  ...['ruby', 'rt', 'rp', 'ul', 'ol', 'li', 'dl', 'dt', 'dd'],
  ...['table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption', 'colgroup', 'col'],
  ...['details', 'summary', 'figure', 'figcaption', 'picture', 'source', 'img', 'a'],
  // Task lists (`- [x]`): marked writes a disabled checkbox; any other input is removed below.
  'input',
];
const ALLOWED_ATTR = [
  ...['align', 'valign', 'alt', 'title', 'width', 'height', 'colspan', 'rowspan', 'scope', 'span'],
  ...['open', 'start', 'reversed', 'type', 'checked', 'disabled', 'dir', 'lang'],
  ...['href', 'src', 'srcset', 'media', 'sizes', 'aria-hidden', 'aria-label', 'class'],
];
/** Set by the rewrite, never taken from the README (the first pass drops them). */
const REWRITE_ATTR = [
  BUNDLE_PATH_ATTRIBUTE,
  'tabindex',
  'target',
  'rel',
  'loading',
  'referrerpolicy',
];

const baseConfig = {
  ALLOWED_TAGS,
  // Explicit so that nothing outside the lists (style, id, on*, data-*) is ever allowed.
  FORBID_TAGS: ['script', 'style', 'form', 'button', 'textarea', 'select', 'iframe', 'object'],
  FORBID_ATTR: ['style', 'id', 'name'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // http(s), mailto, fragments and relative paths: no javascript:, vbscript: or other schemes.
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#|\/|\.{0,2}\/?[^:]*$)/i,
  // A media query (`(prefers-color-scheme: dark)`) holds a colon but is no URL.
  ADD_URI_SAFE_ATTR: ['media', 'sizes'],
} satisfies Config;

/** Classes the renderer gives; any other class a README writes is dropped. */
const OWN_CLASS = /^readme-/;
const EXTERNAL_URL = /^https?:/i;

/** A README heading goes one level down: the page's own title is the only `h1`. */
const demoteHeading = (heading: Element): void => {
  const level = Math.min(6, Number(heading.tagName.slice(1)) + 1);
  const replacement = heading.ownerDocument.createElement(`h${level}`);
  for (const attribute of Array.from(heading.attributes))
    replacement.setAttribute(attribute.name, attribute.value);
  replacement.append(...Array.from(heading.childNodes));
  heading.replaceWith(replacement);
};

/** The address an image source is loaded from, or null when it names nothing loadable. */
const imageSource = (value: string, context: ReadmeContext | undefined): string | null => {
  const trimmed = value.trim();
  if (EXTERNAL_URL.test(trimmed) || /^data:image\//i.test(trimmed)) return trimmed;
  if (trimmed.startsWith('//')) return `https:${trimmed}`;
  if (!context) return null;
  const path = resolveBundlePath(context.path, trimmed);
  return path && context.files.has(path) && bundleImageTypeOf(path) ? context.imageUrl(path) : null;
};

/** `srcset` entries (`url 2x, url 480w`) resolved one by one; unloadable ones dropped. */
const rewriteSrcset = (element: Element, context: ReadmeContext | undefined): void => {
  const entries = (element.getAttribute('srcset') ?? '')
    .split(',')
    .map((entry) => entry.trim().split(/\s+/))
    .flatMap(([url, descriptor]) => {
      const source = url ? imageSource(url, context) : null;
      return source ? [descriptor ? `${source} ${descriptor}` : source] : [];
    });
  if (entries.length > 0) element.setAttribute('srcset', entries.join(', '));
  else element.removeAttribute('srcset');
};

const rewriteLink = (link: Element, context: ReadmeContext | undefined): void => {
  const href = (link.getAttribute('href') ?? '').trim();
  if (href.startsWith('#')) return;
  if (EXTERNAL_URL.test(href) || /^mailto:/i.test(href)) {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer nofollow');
    return;
  }
  const path = context ? resolveBundlePath(context.path, href) : null;
  if (path && context?.files.has(path)) {
    // Opens in the code preview's viewer (file-viewer.tsx listens for these), not away from the page.
    link.setAttribute('href', BUNDLE_LINK_HREF);
    link.setAttribute(BUNDLE_PATH_ATTRIBUTE, path);
  } else {
    // A path outside the bundle or to no file: kept as text rather than a link that 404s.
    link.removeAttribute('href');
  }
};

const rewrite = (root: DocumentFragment, context: ReadmeContext | undefined): void => {
  root.querySelectorAll('h1, h2, h3, h4, h5, h6').forEach(demoteHeading);
  for (const element of Array.from(root.querySelectorAll('[class]'))) {
    const own = Array.from(element.classList).filter((name) => OWN_CLASS.test(name));
    if (own.length > 0) element.setAttribute('class', own.join(' '));
    else element.removeAttribute('class');
  }
  root.querySelectorAll('a[href]').forEach((link) => rewriteLink(link, context));
  for (const image of Array.from(root.querySelectorAll('img'))) {
    const src = image.getAttribute('src');
    const source = src === null ? null : imageSource(src, context);
    if (source) image.setAttribute('src', source);
    else image.removeAttribute('src');
    image.setAttribute('loading', 'lazy');
    // Badges and other images from elsewhere are not told which page shows them.
    if (source && EXTERNAL_URL.test(source)) image.setAttribute('referrerpolicy', 'no-referrer');
  }
  root.querySelectorAll('[srcset]').forEach((element) => rewriteSrcset(element, context));
  for (const input of Array.from(root.querySelectorAll('input'))) {
    if (input.getAttribute('type')?.toLowerCase() === 'checkbox')
      input.setAttribute('disabled', '');
    else input.remove();
  }
  // A code block wider than the panel scrolls: the keyboard must reach it (WCAG 2.1.1).
  root.querySelectorAll('pre').forEach((pre) => pre.setAttribute('tabindex', '0'));
};

/**
 * Sanitised HTML of a README. With `context`, relative links open the bundle's files in the
 * viewer and relative images load from the bundle; without it, both are left out.
 */
export const renderMarkdown = (source: string, context?: ReadmeContext): string => {
  const html = markdownParser.parse(source) as string;
  const fragment = DOMPurify.sanitize(html, {
    ...baseConfig,
    ALLOWED_ATTR,
    RETURN_DOM_FRAGMENT: true,
  });
  rewrite(fragment, context);
  const holder = document.createElement('div');
  holder.append(fragment);
  return DOMPurify.sanitize(holder.innerHTML, {
    ...baseConfig,
    ALLOWED_ATTR: [...ALLOWED_ATTR, ...REWRITE_ATTR],
  });
};
