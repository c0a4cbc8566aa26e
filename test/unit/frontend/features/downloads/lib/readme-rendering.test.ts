// @vitest-environment jsdom
/**
 * The README renderer on a README shaped like the ones starters publish: raw HTML kept as GitHub
 * keeps it, alerts as callouts, headings one level down, relative links and images resolved in
 * the bundle, and everything a README could use to run code removed.
 */
import { describe, expect, it } from 'vitest';
import { BUNDLE_LINK_HREF } from '../../../../../../frontend/src/features/downloads/lib/readme-links';
import {
  renderMarkdown,
  type ReadmeContext,
} from '../../../../../../frontend/src/features/downloads/lib/readme-rendering';

const README = `<p align="center"><img src="public/logo.png" width="120" height="120" alt="Launchpad logo"></p>

# Launchpad

<p align="center">
  <a href="https://github.com/acme/launchpad/actions"><img src="https://img.shields.io/badge/build-passing-green" alt="Build"></a>
  <img src="//img.shields.io/badge/licence-MIT-blue" alt="Licence">
</p>

A starter for SaaS products. See [the setup guide](docs/SETUP.md), the [licence](./LICENSE#terms) and [the roadmap](docs/missing.md).

![Dashboard](public/demo.png)

<picture>
  <source media="(prefers-color-scheme: dark)" srcset="./docs/shot-dark.png 2x">
  <img src="./docs/shot.png" alt="Screenshot">
</picture>

> [!WARNING]
> Set \`DATABASE_URL\` before the first run.

> [!NOTE]
> Works with Node 22 and later.

> Just a quote.

## Setup

| Step | Command |
| --- | --- |
| Install | \`npm install\` |
| Run | \`npm run dev\` |

<table>
  <tr><th align="left">Plan</th><th>Price</th></tr>
  <tr><td colspan="2">Free forever</td></tr>
</table>

<details>
<summary>Environment variables</summary>

Press <kbd>Ctrl</kbd>+<kbd>C</kbd> to stop. H<sub>2</sub>O and x<sup>2</sup>.<br>Next line.

</details>

- [x] Auth
- [ ] Billing

<script>alert('script')</script>
<img src="x.png" onerror="alert('onerror')">
<a href="javascript:alert('link')">Click me</a>

[Markdown trap](javascript:alert%28document.cookie%29)

<iframe src="https://evil.example/"></iframe>
<style>body { display: none }</style>
<div style="position:fixed" class="css-123 readme-alert" id="root">Styled</div>
<form action="https://evil.example/"><input type="password" name="p"><button>Go</button></form>
<img src="../../../etc/passwd.png" alt="Escape">
`;

const context: ReadmeContext = {
  path: 'launchpad/README.md',
  files: new Set([
    'launchpad/README.md',
    'launchpad/LICENSE',
    'launchpad/docs/SETUP.md',
    'launchpad/docs/shot.png',
    'launchpad/docs/shot-dark.png',
    'launchpad/public/logo.png',
    'launchpad/public/demo.png',
  ]),
  imageUrl: (path) => `/bundle-image?path=${encodeURIComponent(path)}`,
};

const render = (source = README) => {
  const holder = document.createElement('div');
  holder.innerHTML = renderMarkdown(source, context);
  return holder;
};

describe('raw HTML as GitHub renders it', () => {
  const page = render();

  it('keeps the centred logo with its size', () => {
    const logo = page.querySelector('p[align="center"] img[alt="Launchpad logo"]');
    expect(logo?.getAttribute('width')).toBe('120');
    expect(logo?.getAttribute('height')).toBe('120');
  });

  it('keeps HTML and Markdown tables', () => {
    const [markdownTable, htmlTable] = Array.from(page.querySelectorAll('table'));
    expect(markdownTable?.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(htmlTable?.querySelector('th[align="left"]')?.textContent).toBe('Plan');
    expect(htmlTable?.querySelector('td[colspan="2"]')?.textContent).toBe('Free forever');
  });

  it('keeps details, summary, kbd, sub, sup and br', () => {
    expect(page.querySelector('details > summary')?.textContent).toBe('Environment variables');
    expect(page.querySelectorAll('details kbd')).toHaveLength(2);
    expect(page.querySelector('details sub')?.textContent).toBe('2');
    expect(page.querySelector('details sup')?.textContent).toBe('2');
    expect(page.querySelector('details br')).not.toBeNull();
  });

  it('keeps task lists as disabled checkboxes', () => {
    const boxes = Array.from(page.querySelectorAll('input'));
    expect(boxes.map((box) => box.getAttribute('type'))).toEqual(['checkbox', 'checkbox']);
    expect(boxes.every((box) => box.hasAttribute('disabled'))).toBe(true);
  });

  it('keeps the picture with its dark-mode source, resolved in the bundle', () => {
    const source = page.querySelector('picture source');
    expect(source?.getAttribute('media')).toBe('(prefers-color-scheme: dark)');
    expect(source?.getAttribute('srcset')).toBe(
      `${context.imageUrl('launchpad/docs/shot-dark.png')} 2x`,
    );
  });
});

describe('alerts', () => {
  const page = render();

  it('turns [!WARNING] and [!NOTE] into callouts with their titles, without the marker', () => {
    const warning = page.querySelector('.readme-alert-warning');
    const note = page.querySelector('.readme-alert-note');
    expect(warning?.querySelector('.readme-alert-title')?.textContent).toBe('Warning');
    expect(warning?.textContent).toContain('Set DATABASE_URL before the first run.');
    expect(note?.querySelector('.readme-alert-title')?.textContent).toBe('Note');
    expect(page.textContent).not.toContain('[!');
  });

  it('leaves a plain quote a quote', () => {
    expect(page.querySelector('blockquote')?.textContent?.trim()).toBe('Just a quote.');
  });

  it('has a title for each of the five kinds', () => {
    const titles = ['NOTE', 'TIP', 'IMPORTANT', 'WARNING', 'CAUTION'].map(
      (kind) => render(`> [!${kind}]\n> Body.\n`).querySelector('.readme-alert-title')?.textContent,
    );
    expect(titles).toEqual(['Note', 'Tip', 'Important', 'Warning', 'Caution']);
  });
});

describe('headings', () => {
  it('go one level down, keeping their order, so the page keeps one h1', () => {
    const page = render();
    expect(page.querySelector('h1')).toBeNull();
    expect(page.querySelector('h2')?.textContent).toBe('Launchpad');
    expect(page.querySelector('h3')?.textContent).toBe('Setup');
  });

  it('include raw HTML headings, and h6 stays h6', () => {
    const page = render('<h1 align="center">Big</h1>\n\n###### Tiny\n');
    expect(page.querySelector('h2[align="center"]')?.textContent).toBe('Big');
    expect(page.querySelector('h6')?.textContent).toBe('Tiny');
  });
});

describe('relative links and images', () => {
  const page = render();
  const sources = Array.from(page.querySelectorAll('img')).map((image) =>
    image.getAttribute('src'),
  );

  it('load images from the bundle, resolved from the README folder', () => {
    expect(sources).toContain(context.imageUrl('launchpad/public/logo.png'));
    expect(sources).toContain(context.imageUrl('launchpad/public/demo.png'));
    expect(sources).toContain(context.imageUrl('launchpad/docs/shot.png'));
    expect(sources.some((src) => src?.startsWith('/mvp'))).toBe(false);
  });

  it('keep https images, protocol-relative ones made https, without a referrer', () => {
    const build = page.querySelector('img[alt="Build"]');
    expect(build?.getAttribute('src')).toBe('https://img.shields.io/badge/build-passing-green');
    expect(build?.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(page.querySelector('img[alt="Licence"]')?.getAttribute('src')).toBe(
      'https://img.shields.io/badge/licence-MIT-blue',
    );
  });

  it('open other files of the bundle in the viewer', () => {
    const setup = Array.from(page.querySelectorAll('a')).find(
      (link) => link.textContent === 'the setup guide',
    );
    expect(setup?.getAttribute('href')).toBe(BUNDLE_LINK_HREF);
    expect(setup?.getAttribute('data-bundle-path')).toBe('launchpad/docs/SETUP.md');
    expect(setup?.hasAttribute('target')).toBe(false);
    const licence = Array.from(page.querySelectorAll('a')).find(
      (link) => link.textContent === 'licence',
    );
    expect(licence?.getAttribute('data-bundle-path')).toBe('launchpad/LICENSE');
  });

  it('keep a link to a missing file as text, and external links in a new tab', () => {
    const roadmap = Array.from(page.querySelectorAll('a')).find(
      (link) => link.textContent === 'the roadmap',
    );
    expect(roadmap?.hasAttribute('href')).toBe(false);
    const actions = page.querySelector('a[href="https://github.com/acme/launchpad/actions"]');
    expect(actions?.getAttribute('target')).toBe('_blank');
    expect(actions?.getAttribute('rel')).toContain('noopener');
  });

  it('never climb out of the bundle', () => {
    expect(page.querySelector('img[alt="Escape"]')?.hasAttribute('src')).toBe(false);
  });

  it('without a context, leave bundle paths out rather than link them under the page', () => {
    const bare = document.createElement('div');
    bare.innerHTML = renderMarkdown('![Demo](public/demo.png) [Setup](docs/SETUP.md)');
    expect(bare.querySelector('img')?.hasAttribute('src')).toBe(false);
    expect(bare.querySelector('a')?.hasAttribute('href')).toBe(false);
  });
});

describe('what a README must not do', () => {
  const page = render();
  const html = page.innerHTML;

  it('removes scripts, styles, frames and forms', () => {
    for (const tag of ['script', 'style', 'iframe', 'form', 'button', 'input[type="password"]'])
      expect(page.querySelector(tag), tag).toBeNull();
    expect(html).not.toContain('alert(');
  });

  it('removes event handlers, inline styles, ids and foreign classes', () => {
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(page.querySelector('[style]')).toBeNull();
    expect(page.querySelector('[id]')).toBeNull();
    expect(html).not.toContain('css-123');
  });

  it('removes javascript: links, in HTML and in Markdown', () => {
    expect(html).not.toMatch(/javascript:/i);
    const trap = Array.from(page.querySelectorAll('a')).find(
      (link) => link.textContent === 'Click me',
    );
    expect(trap?.hasAttribute('href')).toBe(false);
    const markdownTrap = Array.from(page.querySelectorAll('a')).find(
      (link) => link.textContent === 'Markdown trap',
    );
    expect(markdownTrap?.hasAttribute('href')).toBe(false);
  });
});
