/**
 * Our Chakra systems carry only the recipes the app uses (frontend/src/lib/chakra-theme.ts): the
 * shell system those of the header, the footer and the home page, the page system those of every
 * page. Chakra renders a component without a recipe unstyled and silently, so this test reads
 * which Chakra components each source file imports, finds the recipe keys those components look
 * up in Chakra's own code, and checks that the right system has them. The page recipes are added
 * to the shell system in place (`addRecipes`), so it also checks that a system extended that way
 * styles every component exactly as one created with all the recipes.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createSystem } from '@chakra-ui/react';
import { recipes, slotRecipes } from '@chakra-ui/react/theme';
import { pageRecipes } from '../../../../frontend/src/lib/chakra-page-theme';
import {
  addRecipes,
  shellRecipes,
  getShellSystem,
  themeConfig,
} from '../../../../frontend/src/lib/chakra-theme';

const shellSystem = getShellSystem();
/** What pages render with: a shell system with the page recipes added, as `loadPageSystem` does. */
const pageSystem = createSystem(themeConfig, shellRecipes);
addRecipes(pageSystem, pageRecipes);

const sourceRoot = fileURLToPath(new URL('../../../../frontend/src/', import.meta.url));
const chakraEsm = join(
  dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')),
  'dist',
  'esm',
);
/** Every recipe key Chakra's default theme defines; other keys (`text`, `pagination`) have none. */
const themedKeys = new Set([...Object.keys(recipes), ...Object.keys(slotRecipes)]);

const read = (file: string) => readFileSync(file, 'utf8');

/**
 * Exported name of `@chakra-ui/react` → the Chakra file that defines it, or null for what it
 * re-exports from another package (Ark UI's Portal, hooks), which has no recipe.
 */
const chakraExports = (): Map<string, string | null> => {
  const index = read(join(chakraEsm, 'index.js'));
  const namespaces = new Map<string, string>();
  for (const [, local, from] of index.matchAll(/import \* as (\S+) from '(\.[^']+)';/g))
    namespaces.set(local!, join(chakraEsm, from!));
  const exports = new Map<string, string | null>();
  for (const [, names, from] of index.matchAll(/export \{([^}]+)\}(?: from '([^']+)')?;/g)) {
    for (const part of names!.split(',')) {
      const [local, exported = local] = part.trim().split(/\s+as\s+/);
      if (from && !from.startsWith('.')) exports.set(exported!, null);
      else exports.set(exported!, from ? join(chakraEsm, from) : (namespaces.get(local!) ?? null));
    }
  }
  return exports;
};

/** The recipe keys a Chakra file and the Chakra component files it imports look up. */
const recipeKeysOf = (file: string, seen = new Set<string>()): Set<string> => {
  const keys = new Set<string>();
  if (seen.has(file)) return keys;
  seen.add(file);
  const code = read(file);
  for (const [, key] of code.matchAll(
    /(?:createRecipeContext|createSlotRecipeContext|useRecipe|useSlotRecipe)\(\s*\{\s*key:\s*"(\w+)"/g,
  ))
    keys.add(key!);
  for (const [, from] of code.matchAll(/from '(\.[^']+\.js)'/g)) {
    const target = resolve(dirname(file), from!);
    if (target.startsWith(join(chakraEsm, 'components')))
      for (const key of recipeKeysOf(target, seen)) keys.add(key);
  }
  return keys;
};

const sourceFiles = (directory: string): string[] =>
  readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(directory, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(directory, entry.name)]
        : [],
  );

/** The Chakra components a source file imports as values. */
const chakraImportsOf = (file: string): string[] =>
  [...read(file).matchAll(/import \{([^}]+)\} from '@chakra-ui\/react';/g)].flatMap(([, names]) =>
    names!
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type ')),
  );

const resolveSource = (from: string, specifier: string): string | undefined => {
  // `@/x` is frontend/src/x (the frontend's alias), the rest is relative to the importer.
  const base = specifier.startsWith('@/')
    ? join(sourceRoot, specifier.slice(2))
    : resolve(dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (candidate) => {
      try {
        return readFileSync(candidate) && true;
      } catch (_error) {
        return false;
      }
    },
  );
};

/** The names an import clause binds (`{ A, B as C }` → A, B), or null for a default or namespace. */
const importedNames = (clause: string): string[] | null =>
  /^\{[^}]*\}$/.test(clause.trim())
    ? clause
        .trim()
        .slice(1, -1)
        .split(',')
        .map((name) => name.trim().split(/\s+as\s+/)[0]!)
        .filter((name) => name && !name.startsWith('type '))
    : null;

/**
 * A feature's index (`features/<name>/index.ts`) only re-exports, and the build leaves out a
 * feature file whose exports nobody uses (frontend/vite.config.ts, `moduleSideEffects`): through
 * an index, a file runs when one of the names imported from the index is its own.
 */
const isFeatureIndex = (file: string) =>
  /^features\/[^/]+\/index\.ts$/.test(relative(sourceRoot, file).split('\\').join('/'));

/**
 * The files a first visit to the home page runs: main.tsx and what it imports, statically or
 * through a plain `import()`, but not through `lazyPage(() => import(...))` (those wait for the
 * page system).
 */
const shellFiles = (): Set<string> => {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const code = read(file).replace(/lazyPage\(\s*\(\)\s*=>\s*import\('[^']+'\)/g, '');
    const imports: [clause: string | null, specifier: string][] = [
      ...[...code.matchAll(/^import (?!type )([^;]*?) from '((?:\.|@\/)[^']+)';/gms)].map(
        ([, clause, specifier]) => [clause!, specifier!] as [string, string],
      ),
      ...[...code.matchAll(/import\('((?:\.|@\/)[^']+)'\)/g)].map(
        ([, specifier]) => [null, specifier!] as [null, string],
      ),
    ];
    for (const [clause, specifier] of imports) {
      const target = resolveSource(file, specifier);
      if (!target) continue;
      const names = clause === null ? null : importedNames(clause);
      if (!isFeatureIndex(target) || names === null) {
        visit(target);
        continue;
      }
      files.add(target);
      for (const [, exported, from] of read(target).matchAll(
        /^export \{([^}]+)\} from '(\.[^']+)';/gm,
      )) {
        const own = exported!.split(',').map((name) =>
          name
            .trim()
            .split(/\s+as\s+/)
            .pop()!,
        );
        const source = resolveSource(target, from!);
        if (source && own.some((name) => names.includes(name))) visit(source);
      }
    }
  };
  visit(join(sourceRoot, 'app', 'main.tsx'));
  return files;
};

const hasRecipe = (system: typeof shellSystem, key: string) =>
  system.isRecipe(key) || system.isSlotRecipe(key);

describe('the Chakra systems', () => {
  const exports = chakraExports();
  const keysByFile = new Map(
    sourceFiles(sourceRoot).map((file) => {
      const keys = new Set<string>();
      for (const name of chakraImportsOf(file)) {
        const definedIn = exports.get(name);
        if (definedIn === undefined)
          throw new Error(`${relative(sourceRoot, file)}: no Chakra export ${name}`);
        if (definedIn === null) continue;
        for (const key of recipeKeysOf(definedIn)) if (themedKeys.has(key)) keys.add(key);
      }
      return [file, keys] as const;
    }),
  );
  const shell = shellFiles();

  it('finds the shell: the layout and the home page, not the other pages', () => {
    const names = [...shell].map((file) => relative(sourceRoot, file));
    expect(names).toEqual(
      expect.arrayContaining([
        'components/layout/header.tsx',
        'app/routes/home.tsx',
        'features/catalog/components/template-card.tsx',
      ]),
    );
    expect(names).not.toContain('app/routes/browse.tsx');
    expect(names).not.toContain('features/launch/components/launch-overlay.tsx');
    // The home page takes its card from the catalog's index, which also names the catalog's pages.
    expect(names).toContain('features/catalog/index.ts');
    expect(names).not.toContain('features/catalog/components/browse-view.tsx');
    // The walk really sees Chakra components: the header's buttons need the button recipe.
    expect(keysByFile.get(join(sourceRoot, 'components/layout/header.tsx'))).toContain('button');
  });

  it('gives the shell system the recipe of every component the shell renders', () => {
    const missing = [...shell].flatMap((file) =>
      [...(keysByFile.get(file) ?? [])]
        .filter((key) => !hasRecipe(shellSystem, key))
        .map((key) => `${relative(sourceRoot, file)}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('gives the page system the recipe of every component any page renders', () => {
    const missing = [...keysByFile].flatMap(([file, keys]) =>
      [...keys]
        .filter((key) => !hasRecipe(pageSystem, key))
        .map((key) => `${relative(sourceRoot, file)}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('carries no recipe that no component uses', () => {
    const used = new Set([...keysByFile.values()].flatMap((keys) => [...keys]));
    const shellUsed = new Set([...shell].flatMap((file) => [...(keysByFile.get(file) ?? [])]));
    const unused = (system: typeof shellSystem, needed: Set<string>) =>
      [...themedKeys].filter((key) => hasRecipe(system, key) && !needed.has(key));
    expect(unused(shellSystem, shellUsed)).toEqual([]);
    expect(unused(pageSystem, used)).toEqual([]);
  });

  it('styles every component with the added recipes as a system created with all of them does', () => {
    const created = createSystem(themeConfig, shellRecipes, pageRecipes);
    const keys = [...themedKeys].filter((key) => hasRecipe(created, key));
    expect(keys.length).toBeGreaterThan(20);
    const styles = (system: typeof shellSystem, key: string) =>
      JSON.stringify(
        system.isSlotRecipe(key) ? system.getSlotRecipeFn(key)({}) : system.getRecipeFn(key)({}),
      );
    const differing = keys.filter((key) => styles(pageSystem, key) !== styles(created, key));
    expect(differing).toEqual([]);
    // The shell system itself is untouched until a page loads: a page recipe styles nothing there.
    expect(styles(shellSystem, 'table')).not.toBe(styles(created, 'table'));
  });
});
