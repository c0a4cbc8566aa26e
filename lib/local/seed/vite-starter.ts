/**
 * The files of a Vite + React + TypeScript starter, as `npm create vite` makes one: its
 * package.json (`build`: `tsc -b && vite build`), its package-lock.json (the versions this
 * project has installed, build/template-lock.ts, so the local registry holds every package and
 * the pipeline's Build step builds it offline), its TypeScript and Vite configuration, and an
 * `index.html` whose page the React entry fills. netlify.toml builds it and publishes `dist/`.
 */
import { templateLockFile } from '../build/template-lock';

/** The starter's dependencies: what this project has installed (checked by templateLockFile). */
export const VITE_STARTER_DEPENDENCIES = {
  dependencies: { react: '^19.3.1', 'react-dom': '^19.3.1' },
  devDependencies: {
    '@types/react': '^19.3.0',
    '@types/react-dom': '^19.3.0',
    '@vitejs/plugin-react': '^6.3.0',
    typescript: '~6.0.3',
    vite: '^8.3.8',
  },
};

export interface ViteStarterOptions {
  /** The package name (a slug). */
  name: string;
  version: string;
  /** The page's title. */
  title: string;
  /** The page's HTML body (static content, no script); the React root goes in it or after it. */
  bodyHtml?: string;
  /** Extra `<head>` content (styles). */
  headHtml?: string;
  /** The body's class (the page's styles hang on it). */
  bodyClass?: string;
  /** The React component's source (`src/App.tsx`, exporting `App`). */
  appSource?: string;
  /** Replaces package.json's build script. */
  buildScript?: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const DEFAULT_APP = `import { useState } from 'react';

/** The interactive part of the page: a counter, to show the bundle's script runs. */
export function App() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((value) => value + 1)}>
      Clicked {count} {count === 1 ? 'time' : 'times'}
    </button>
  );
}
`;

const MAIN = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
`;

const TSCONFIG = `${JSON.stringify(
  {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      module: 'ESNext',
      moduleResolution: 'bundler',
      jsx: 'react-jsx',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      isolatedModules: true,
    },
    include: ['src'],
  },
  null,
  2,
)}\n`;

const VITE_CONFIG = `import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
});
`;

const NETLIFY_TOML = `[build]
  command = "npm run build"
  publish = "dist"
`;

/** Where React renders: in `bodyHtml` when it has one, else after it. */
const ROOT = '<div id="root"></div>';

/** Every file of the starter, by path (no top folder). */
export const viteStarterFiles = (options: ViteStarterOptions): Record<string, string> => {
  const body = options.bodyHtml ?? `    <h1>${escapeHtml(options.title)}</h1>\n`;
  const manifest = {
    name: options.name,
    version: options.version,
    private: true,
    type: 'module',
    scripts: {
      dev: 'vite',
      build: options.buildScript ?? 'tsc -b && vite build',
      preview: 'vite preview',
    },
    dependencies: VITE_STARTER_DEPENDENCIES.dependencies,
    devDependencies: VITE_STARTER_DEPENDENCIES.devDependencies,
  };
  return {
    'package.json': `${JSON.stringify(manifest, null, 2)}\n`,
    'package-lock.json': templateLockFile(manifest),
    'netlify.toml': NETLIFY_TOML,
    'tsconfig.json': TSCONFIG,
    'vite.config.ts': VITE_CONFIG,
    'index.html': `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>${escapeHtml(options.title)}</title>
${options.headHtml ?? ''}  </head>
  <body${options.bodyClass ? ` class="${escapeHtml(options.bodyClass)}"` : ''}>
${body}${body.includes(ROOT) ? '' : `    ${ROOT}\n`}
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
`,
    'src/main.tsx': MAIN,
    'src/App.tsx': options.appSource ?? DEFAULT_APP,
  };
};
