/**
 * The files of a demo template's bundle: a small but genuine starter built from the
 * template's own data. A README, a package manifest whose dependencies follow the tech stack, a
 * typed source entry, `netlify.toml` publishing `public/`, and `public/index.html`: the product's
 * landing page (hero, features, a look inside the app), self-contained, with no network request, so
 * it opens from disk, from a local Netlify site and in the preview images (`renderPreviewSvg` draws
 * the same page).
 */
import { DEMO_DEPLOYED_TEMPLATE_ID } from './deployment';
import type { SeedTemplate } from './templates';
import { viteStarterFiles } from './vite-starter';

/** npm packages a stack item brings (versions a starter of 2025-2026 would pin). */
const DEPENDENCIES: Record<string, Record<string, string>> = {
  React: { react: '^19.1.0', 'react-dom': '^19.1.0' },
  'Next.js': { next: '^15.3.0', react: '^19.1.0', 'react-dom': '^19.1.0' },
  'Vue.js': { vue: '^3.5.0' },
  Angular: { '@angular/core': '^19.2.0', '@angular/common': '^19.2.0' },
  Stripe: { stripe: '^18.0.0' },
  PostgreSQL: { pg: '^8.14.0' },
  MongoDB: { mongodb: '^6.15.0' },
  Firebase: { firebase: '^11.6.0' },
  Supabase: { '@supabase/supabase-js': '^2.49.0' },
  'Node.js': { express: '^5.1.0' },
  Bootstrap: { bootstrap: '^5.3.0' },
  Auth0: { '@auth0/auth0-spa-js': '^2.1.0' },
};

const DEV_DEPENDENCIES: Record<string, Record<string, string>> = {
  TypeScript: { typescript: '^5.8.0' },
  'Tailwind CSS': { tailwindcss: '^4.1.0' },
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** What each file of the starter is, for the README's list (every file must have a line). */
const FILE_ROLES: Record<string, string> = {
  'README.md': 'this file',
  'package.json': 'the manifest: `dev` and `start` serve `public/`, `build` type-checks',
  'package-lock.json':
    'the exact versions `npm install` puts in place (what the security report checks)',
  'netlify.toml': 'deploys `public/` on Netlify',
  'public/index.html': 'the landing page: static, self-contained, opens from disk',
  'src/index.ts': "the app's entry: its features and stack as typed data",
};

/**
 * The README says what the bundle really holds: a landing page and a typed entry that describe
 * the product, with every file listed (from the same file map the zip is made of), and the
 * features as what the landing page presents.
 */
const readmeOf = (template: SeedTemplate, paths: readonly string[]) => `# ${template.title}

${template.tagline}

${template.description}

## What is inside
A small starter: the product's landing page and a typed entry point that names its features.
${paths.map((path) => `- \`${path}\`: ${FILE_ROLES[path] ?? 'part of the starter'}`).join('\n')}

## Features presented on the landing page
${template.features.map((feature) => `- ${feature}`).join('\n')}

## Tech stack
${template.techStack.map((tech) => `- ${tech}`).join('\n')}

## Getting started
\`\`\`sh
npm install
npm run dev
\`\`\`

Open \`public/index.html\` in a browser to see the landing page without installing anything.

## Deploy
Push the repository to GitHub and create a Netlify site from it: \`netlify.toml\` publishes the
static \`public\` folder, with nothing to build first. On the marketplace, **Deploy** does both for you.
`;

/**
 * The demo template whose live version pins a package a real advisory affects (lodash 4.17.20,
 * GHSA-35jh-r3h4-6jhm, high, fixed in 4.17.21), so its security report shows a finding; the
 * demo buyer has a deployment of it (deployment.ts).
 */
export const VULNERABLE_DEMO_TEMPLATE_ID = DEMO_DEPLOYED_TEMPLATE_ID;
const VULNERABLE_PIN = { lodash: '4.17.20' };

const dependenciesOf = (template: SeedTemplate, table: Record<string, Record<string, string>>) =>
  Object.fromEntries(
    [
      ...template.techStack.flatMap((tech) => Object.entries(table[tech] ?? {})),
      ...(table === DEPENDENCIES && template.id === VULNERABLE_DEMO_TEMPLATE_ID
        ? Object.entries(VULNERABLE_PIN)
        : []),
    ].sort(([a], [b]) => a.localeCompare(b)),
  );

/** A package-lock.json (v3) pinning each dependency at the version its range starts from. */
const packageLockOf = (template: SeedTemplate, name: string) => {
  const dependencies = dependenciesOf(template, DEPENDENCIES);
  const devDependencies = dependenciesOf(template, DEV_DEPENDENCIES);
  const entry = (range: string, dev: boolean) => ({
    version: range.replace(/^[\^~]/, ''),
    ...(dev ? { dev: true } : {}),
  });
  const packages: Record<string, unknown> = {
    '': { name, version: template.versionNumber, dependencies, devDependencies },
  };
  for (const [pkg, range] of Object.entries(dependencies))
    packages[`node_modules/${pkg}`] = entry(range, false);
  for (const [pkg, range] of Object.entries(devDependencies))
    packages[`node_modules/${pkg}`] = entry(range, true);
  return `${JSON.stringify({ name, version: template.versionNumber, lockfileVersion: 3, requires: true, packages }, null, 2)}\n`;
};

const packageJsonOf = (template: SeedTemplate, name: string) => {
  const pick = (table: Record<string, Record<string, string>>) => dependenciesOf(template, table);
  return `${JSON.stringify(
    {
      name,
      version: template.versionNumber,
      private: true,
      description: template.tagline,
      type: 'module',
      scripts: {
        dev: 'npx serve public',
        build: 'tsc -p . --noEmit || true',
        start: 'npx serve public',
      },
      dependencies: pick(DEPENDENCIES),
      devDependencies: pick(DEV_DEPENDENCIES),
    },
    null,
    2,
  )}\n`;
};

const sourceOf = (template: SeedTemplate) => `// ${template.title}: the app's entry point.
export interface Feature {
  name: string;
  enabled: boolean;
}

export const features: Feature[] = ${JSON.stringify(
  template.features.map((feature) => ({ name: feature, enabled: true })),
  null,
  2,
)};

export const stack = ${JSON.stringify(template.techStack)} as const;

console.log(\`${template.title.replace(/`/g, '')} is running with \${features.length} features.\`);
`;

// The landing page is static: an empty command tells Netlify there is nothing to build, so it
// publishes public/ without installing the stack's packages (which a build without network, as
// the local Netlify server's, could not fetch).
const NETLIFY_TOML = `[build]
  command = ""
  publish = "public"
`;

/** The phone layout's rules (see `landingStyles`). */
const PHONE_RULES = `
      header, .hero, .features, .inside, footer { padding-left: 20px; padding-right: 20px; }
      nav { display: none; }
      .hero h1 { font-size: 36px; }
      .features { grid-template-columns: 1fr; }
      .app { grid-template-columns: 1fr; }
      .app aside { display: none; }
      .app main { grid-template-columns: 1fr; }`;

/**
 * The landing page's CSS, in the template's colours. `layout`: `responsive` for the page itself
 * (a media query switches to the phone layout); `desktop` or `phone` for a preview image, where a
 * media query would see the size the image is shown at, not the page's.
 */
export const landingStyles = (
  template: SeedTemplate,
  layout: 'responsive' | 'desktop' | 'phone' = 'responsive',
): string => {
  const [from, to] = template.colors;
  return `
    .page { --from: ${from}; --to: ${to}; --ink: #0f172a; --muted: #475569; margin: 0; font-family: Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #f8fafc; }
    .page * { box-sizing: border-box; }
    header { display: flex; align-items: center; justify-content: space-between; padding: 20px 48px; background: #fff; border-bottom: 1px solid #e2e8f0; }
    .brand { display: flex; align-items: center; gap: 10px; font-weight: 700; font-size: 18px; }
    .mark { width: 28px; height: 28px; border-radius: 8px; background: linear-gradient(135deg, var(--from), var(--to)); }
    nav a { color: var(--muted); text-decoration: none; margin-left: 24px; font-size: 15px; }
    .hero { padding: 72px 48px 64px; background: linear-gradient(135deg, var(--from), var(--to)); color: #fff; }
    .hero h1 { margin: 0 0 16px; font-size: 52px; line-height: 1.1; letter-spacing: -0.02em; max-width: 820px; }
    .hero p { margin: 0 0 28px; font-size: 20px; max-width: 680px; opacity: 0.92; }
    .cta { display: inline-block; padding: 14px 26px; border-radius: 10px; background: #fff; color: var(--ink); font-weight: 600; text-decoration: none; }
    .stack { list-style: none; display: flex; flex-wrap: wrap; gap: 8px; padding: 0; margin: 28px 0 0; }
    .stack li { padding: 6px 12px; border-radius: 999px; background: rgba(255, 255, 255, 0.18); font-size: 14px; }
    .features { display: grid; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); gap: 20px; padding: 56px 48px; }
    .feature { background: #fff; border: 1px solid #e2e8f0; border-radius: 14px; padding: 22px; }
    .feature h3 { margin: 12px 0 6px; font-size: 17px; }
    .feature p { margin: 0; color: var(--muted); font-size: 14px; }
    .dot { display: inline-flex; width: 32px; height: 32px; align-items: center; justify-content: center; border-radius: 50%; background: var(--from); color: #fff; font-weight: 700; }
    .inside { padding: 8px 48px 64px; }
    .inside h2 { font-size: 28px; margin: 0 0 20px; }
    .app { display: grid; grid-template-columns: 200px 1fr; border-radius: 16px; overflow: hidden; border: 1px solid #e2e8f0; background: #fff; min-height: 300px; }
    .app aside { background: #0f172a; padding: 20px; }
    .app aside span { display: block; height: 12px; border-radius: 6px; background: #334155; margin-bottom: 16px; }
    .app aside span:first-child { background: var(--to); width: 70%; }
    .app main { padding: 24px; display: grid; grid-template-columns: repeat(3, 1fr); gap: 16px; align-content: start; }
    .card { border-radius: 12px; border: 1px solid #e2e8f0; padding: 16px; }
    .card b { display: block; font-size: 26px; margin-top: 6px; }
    .card small { color: var(--muted); }
    .chart { grid-column: 1 / -1; height: 120px; border-radius: 12px; background: linear-gradient(180deg, rgba(255, 255, 255, 0.6), #fff), linear-gradient(90deg, var(--from), var(--to)); border: 1px solid #e2e8f0; }
    footer { padding: 24px 48px; color: var(--muted); font-size: 14px; border-top: 1px solid #e2e8f0; background: #fff; }
    ${
      layout === 'phone'
        ? PHONE_RULES
        : layout === 'responsive'
          ? `@media (max-width: 640px) {${PHONE_RULES}\n    }`
          : ''
    }
`;
};

/** The page's content (well-formed, so the preview images can draw it as XHTML). */
export const landingBody = (template: SeedTemplate): string => {
  const features = template.features
    .map(
      (feature, index) => `      <article class="feature">
        <span class="dot">${index + 1}</span>
        <h3>${escapeHtml(feature)}</h3>
        <p>Ready on day one, and yours to change.</p>
      </article>`,
    )
    .join('\n');
  const stack = template.techStack.map((tech) => `<li>${escapeHtml(tech)}</li>`).join('');
  return `  <header>
    <div class="brand"><span class="mark"></span>${escapeHtml(template.title)}</div>
    <nav><a href="#features">Features</a><a href="#inside">Inside</a><a href="#start">Get started</a></nav>
  </header>
  <section class="hero">
    <h1>${escapeHtml(template.tagline)}</h1>
    <p>${escapeHtml(template.description)}</p>
    <a class="cta" id="start" href="#features">Get started</a>
    <ul class="stack">${stack}</ul>
  </section>
  <section class="features" id="features">
${features}
  </section>
  <section class="inside" id="inside">
    <h2>Inside the app</h2>
    <div class="app">
      <aside><span></span><span></span><span></span><span></span></aside>
      <main>
        <div class="card"><small>Active users</small><b>1,284</b></div>
        <div class="card"><small>Revenue</small><b>$9,420</b></div>
        <div class="card"><small>Conversion</small><b>4.8%</b></div>
        <div class="chart"></div>
      </main>
    </div>
  </section>
  <footer>${escapeHtml(template.title)} · built with ${escapeHtml(template.techStack.join(', '))}</footer>
`;
};

/** The product's landing page: hero, features and a look inside the app, in its colours. */
export const landingPageOf = (template: SeedTemplate): string => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(template.title)}</title>
  <meta name="description" content="${escapeHtml(template.tagline)}">
  <style>${landingStyles(template)}  </style>
</head>
<body class="page">
${landingBody(template)}</body>
</html>
`;

/**
 * The demo template built with Vite (Startup Landing Page): its landing page is a Vite + React +
 * TypeScript project (vite-starter.ts) whose lock file the local registry can install, so the
 * pipeline's Build step builds it for real, offline, and its output is a static site.
 */
export const VITE_DEMO_TEMPLATE_ID = '01JXS2RQR0PRJFC7ZEKBSZVXEA';

/** The landing page's interactive part: the email capture, which keeps the address on the page. */
const EMAIL_CAPTURE_APP = `import { useState, type FormEvent } from 'react';

/** Email capture: the address is kept on the page until a mailing list is connected. */
export function App() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(true);
  };
  if (sent) return <p className="captured">Thanks! We will write to {email}.</p>;
  return (
    <form className="capture" onSubmit={submit}>
      <label htmlFor="email">Get launch news</label>
      <input id="email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <button type="submit">Notify me</button>
    </form>
  );
}
`;

const CAPTURE_STYLES = `
    .capture { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin-top: 20px; }
    .capture label { width: 100%; font-weight: 600; }
    .capture input { padding: 12px; border-radius: 10px; border: 0; min-width: 240px; }
    .capture button { padding: 12px 20px; border-radius: 10px; border: 0; font-weight: 600; }
`;

const VITE_FILE_ROLES: Record<string, string> = {
  'README.md': 'this file',
  'package.json':
    'the manifest: `dev` serves the page with Vite, `build` type-checks and builds `dist/`',
  'package-lock.json':
    'the exact versions `npm ci` installs (what the security report checks and the build installs)',
  'netlify.toml': 'builds with `npm run build` and publishes `dist/` on Netlify',
  'tsconfig.json': 'TypeScript settings (`tsc -b` checks `src/`)',
  'vite.config.ts': 'Vite with the React plugin',
  'index.html': 'the landing page (static), with the root the React entry fills',
  'src/main.tsx': 'the React entry',
  'src/App.tsx': 'the email capture form',
};

const viteReadmeOf = (template: SeedTemplate, paths: readonly string[]) => `# ${template.title}

${template.tagline}

${template.description}

## What is inside
A Vite + React + TypeScript landing page.
${paths.map((path) => `- \`${path}\`: ${VITE_FILE_ROLES[path] ?? 'part of the starter'}`).join('\n')}

## Features presented on the landing page
${template.features.map((feature) => `- ${feature}`).join('\n')}

## Getting started
\`\`\`sh
npm ci
npm run dev
\`\`\`

\`npm run build\` type-checks and writes the site to \`dist/\`.

## Deploy
Push the repository to GitHub and create a Netlify site from it: \`netlify.toml\` builds it and
publishes \`dist\`. On the marketplace, **Deploy** does both for you.
`;

/** The Vite demo's files, README first. */
const viteDemoFiles = (template: SeedTemplate, name: string): Record<string, string> => {
  const rest = viteStarterFiles({
    name,
    version: template.versionNumber,
    title: template.title,
    headHtml: `    <meta name="description" content="${escapeHtml(template.tagline)}" />\n    <style>${landingStyles(template)}${CAPTURE_STYLES}    </style>\n`,
    bodyClass: 'page',
    // The email capture sits in the hero, under the call to action.
    bodyHtml: landingBody(template).replace(
      '<ul class="stack">',
      '<div id="root"></div>\n    <ul class="stack">',
    ),
    appSource: EMAIL_CAPTURE_APP,
  });
  return { 'README.md': viteReadmeOf(template, ['README.md', ...Object.keys(rest)]), ...rest };
};

/** Every file of the starter, by path inside its top folder. */
export const starterFiles = (template: SeedTemplate): Record<string, string> => {
  const name = slugOf(template.title);
  if (template.id === VITE_DEMO_TEMPLATE_ID) {
    return Object.fromEntries(
      Object.entries(viteDemoFiles(template, name)).map(([path, text]) => [
        `${name}/${path}`,
        text,
      ]),
    );
  }
  const rest: Record<string, string> = {
    'package.json': packageJsonOf(template, name),
    'package-lock.json': packageLockOf(template, name),
    'netlify.toml': NETLIFY_TOML,
    'public/index.html': landingPageOf(template),
    'src/index.ts': sourceOf(template),
  };
  const files = { 'README.md': readmeOf(template, ['README.md', ...Object.keys(rest)]), ...rest };
  return Object.fromEntries(Object.entries(files).map(([path, text]) => [`${name}/${path}`, text]));
};
