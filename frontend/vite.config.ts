/**
 * The web app's Vite config. `npm run build:web` builds into `frontend/dist`, which `npm start`
 * serves; `npm run dev` mounts the same config in middleware mode for hot reload. The local server
 * answers `/api/*`, `/previews/*` and `/config.json` on the same origin, so no dev proxy is
 * configured here.
 */
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { chakraGlobalOnDemand } from './vite-chakra-global-on-demand.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
/** The app's own sources, imported as `@/features/…`, `@/lib/…` from anywhere in them. */
const sources = fileURLToPath(new URL('src', import.meta.url));
/** The feature folders (`src/features/<name>/`). */
const features = fileURLToPath(new URL('src/features/', import.meta.url));
/** The contract the app shares with the API: routes, schemas, constants, texts, `/config.json`'s shape. */
const contract = fileURLToPath(new URL('../contract', import.meta.url));

/**
 * What the dev server (`npm run dev`) may read from disk. Vite answers `/@fs/<absolute path>` for
 * any file under `allow` (plus the modules the app imports), so the default, the whole checkout,
 * would hand anyone who reaches the port `.local/` (cognito-local's users, tokens and signing key,
 * the DynamoDB file) and `.env`. Only the frontend and the contract it imports
 * are allowed; `deny` wins over `allow` and repeats Vite's own defaults, which setting it replaces.
 */
export const devServerFs = {
  strict: true,
  allow: [root, contract],
  deny: [
    '.env',
    '.env.*',
    '*.{crt,pem,key,p12,pfx,cer,der}',
    '.npmrc',
    '.yarnrc.yml',
    '**/.git/**',
    '**/.local/**',
    '**/.cognito/**',
  ],
};

/**
 * Content pages written as Markdown in `frontend/content/`, rendered at build time:
 * `import page from '../content/terms.md'` gives `{ title, description, html }`, the HTML made by
 * `marked` (GitHub-flavoured: tables) from the file's body, and title and description from its
 * front matter. No Markdown parser reaches the browser, and each page is its own small chunk.
 * The files are ours, in the repository: their HTML is trusted like our components.
 */
export const markdownPages = (): Plugin => ({
  name: 'markdown-pages',
  enforce: 'pre',
  async transform(code, id) {
    if (!id.endsWith('.md')) return null;
    const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(code.replace(/\r\n/g, '\n'));
    if (!match) throw new Error(`${id}: a content page starts with --- front matter ---`);
    const fields = Object.fromEntries(
      match[1]!
        .split('\n')
        .map((line) => /^(\w+):\s*(.*)$/.exec(line))
        .filter((field): field is RegExpExecArray => field !== null)
        .map((field) => [field[1]!, field[2]!.trim()]),
    );
    if (!fields.title || !fields.description) {
      throw new Error(`${id}: the front matter needs a title and a description`);
    }
    const { marked } = await import('marked');
    // Wide tables scroll inside their own box on a phone, a region the keyboard can focus and
    // scroll; the table keeps its table semantics.
    const html = (await marked.parse(match[2]!, { gfm: true }))
      .replaceAll(
        '<table>',
        '<div class="table-scroll" tabindex="0" role="region" aria-label="Table"><table>',
      )
      .replaceAll('</table>', '</table></div>');
    return {
      code: `export default ${JSON.stringify({ title: fields.title, description: fields.description, html })};`,
      map: null,
    };
  },
});

/**
 * A Vite plugin that gives every react-icons icon its own module.
 *
 * Why: react-icons ships each icon pack as one module (`react-icons/lu` holds 1,500 icons). The
 * bundler keeps the icons the app uses, but a module lives in one chunk, so all of them (about
 * 50, from every page) ride in the chunk of the first page that shows any icon: the home page's
 * first load. With one module per icon, each icon travels with the pages that show it. This is
 * what Next.js's `optimizePackageImports` does for the same package.
 *
 * How: `import { LuX, LuMenu as Menu } from 'react-icons/lu'` in our sources becomes one import
 * per icon from a virtual module `react-icons-icon:lu/LuX`, whose code is that icon's function
 * copied from the pack at build time (`GenIcon({...svg tree...})`, the pack's own format). An
 * icon name the pack does not have fails the build.
 */
const reactIconsPerIcon = (sourceRoot: string): Plugin => {
  const VIRTUAL_PREFIX = 'react-icons-icon:';
  const IMPORT_RE = /import\s*\{([^}]+)\}\s*from\s*['"]react-icons\/(\w+)['"];?/g;
  const packs = new Map<string, string>();
  const packSource = (pack: string): string => {
    let source = packs.get(pack);
    if (source === undefined) {
      source = readFileSync(fileURLToPath(import.meta.resolve(`react-icons/${pack}`)), 'utf8');
      packs.set(pack, source);
    }
    return source;
  };

  return {
    name: 'react-icons-per-icon',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(sourceRoot) || !code.includes('react-icons/')) return null;
      const rewritten = code.replace(
        IMPORT_RE,
        (statement: string, names: string, pack: string) => {
          const imports = names
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean)
            .map((name) => {
              const icon = name.split(/\s+as\s+/)[0]!;
              return `import { ${name} } from '${VIRTUAL_PREFIX}${pack}/${icon}';`;
            });
          // Same line count as the statement replaced, so the lines below keep their numbers and
          // the file needs no source map of its own.
          return imports.join(' ') + '\n'.repeat(statement.split('\n').length - 1);
        },
      );
      return rewritten === code ? null : { code: rewritten, map: null };
    },
    resolveId(source) {
      return source.startsWith(VIRTUAL_PREFIX) ? `\0${source}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL_PREFIX}`)) return null;
      const [pack, icon] = id.slice(VIRTUAL_PREFIX.length + 1).split('/') as [string, string];
      // The pack's generated form: `export function LuX (props) {\n  return GenIcon({...})(props);`
      const body = new RegExp(
        `^export function ${icon} \\(props\\) \\{\\n  return (GenIcon\\(.*\\))\\(props\\);$`,
        'm',
      ).exec(packSource(pack));
      if (!body) this.error(`react-icons/${pack} has no icon named ${icon}.`);
      return `import { GenIcon } from 'react-icons/lib';\nexport function ${icon}(props) {\n  return ${body[1]}(props);\n}\n`;
    },
  };
};

export default defineConfig(({ command }) => ({
  root,
  publicDir: 'public',
  plugins: [
    markdownPages(),
    reactIconsPerIcon(fileURLToPath(new URL('src/', import.meta.url))),
    react(),
    chakraGlobalOnDemand(),
  ],
  resolve: {
    alias: {
      // `@/x` is `src/x`: an import says where the module lives, not how many folders to climb.
      '@': sources,
      // The routes, zod schemas, constants and texts the API answers with: one source for both sides.
      '@contract': contract,
      // Chakra's theme files one by one (tokens, each recipe): its `@chakra-ui/react/theme` entry
      // imports every recipe, which would put all of them on the first load (lib/chakra-theme.ts).
      '@chakra-theme': dirname(fileURLToPath(import.meta.resolve('@chakra-ui/react/theme'))),
    },
  },
  server: { fs: devServerFs },
  css: {
    modules: {
      // The shell's and the home page's static classes (`*.module.css`, docs/performance.md,
      // "Static styles") are named in the entry script, which the home page's 150 KB budget holds:
      // a short hash in the build (each name costs a few bytes there), the class's own name beside
      // it while developing.
      generateScopedName: command === 'build' ? '_[hash:base64:4]' : '[local]_[hash:base64:4]',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Every browser we support preloads modules natively; Vite's polyfill would cost every visit.
    modulePreload: { polyfill: false },
    // The shell chunk (React, Chakra's runtime, the router, the home page) is one large file.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      treeshake: {
        // A feature's index re-exports what other folders may use (eslint.config.js); the home page
        // imports one card through the catalog's index, which also names its page views. A
        // feature's files do nothing when imported but define what they export, so a file whose
        // exports nobody uses is left out, and with it its place in the home page's first chunk.
        moduleSideEffects: (id) => (id.startsWith(features) ? false : undefined),
      },
      output: {
        // Lazy chunks are named by hash alone: the entry lists every chunk's file name for
        // preloading, on every first load, and the names alone cost ~0.5 KB gzipped there (the
        // source maps still name every module). The entry keeps its `index-` name. Seven hash
        // characters, not the default eight, take ~0.2 KB gzipped more off that list; the bundler
        // needs at least 7 from 65 chunks to 4,096 (its placeholders grow with the chunk count).
        chunkFileNames: 'assets/[hash:7].js',
        codeSplitting: {
          // Everything the entry imports statically (the shell and the home page, see router.tsx)
          // in one chunk: one request and one gzip stream instead of a dozen small shared chunks,
          // about 7 KB gzipped less on a first visit. Pages stay in their own lazy chunks.
          groups: [{ name: 'shell', tags: ['$initial'] }],
        },
      },
    },
  },
}));
