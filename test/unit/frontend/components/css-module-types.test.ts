/**
 * Each CSS module of the app (`frontend/src/**\/*.module.css`, docs/performance.md, "Static
 * styles") has its classes' types beside it (`x.module.d.css.ts`, which TypeScript reads for
 * `import * as styles from './x.module.css'` with `allowArbitraryExtensions`): a class that is not
 * in the file fails the typecheck instead of rendering unstyled, and the namespace import lets the
 * build inline each class name rather than ship the module's whole table. This test holds each
 * declaration file to its stylesheet; `npx vitest run --project unit css-module-types -u` writes
 * them again after a change of classes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';

const sources = path.resolve(import.meta.dirname, '../../../../frontend/src');
const modules = readdirSync(sources, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.module.css'))
  .sort();

/** The classes a stylesheet defines, in the order they first appear. */
const classesOf = (css: string): string[] => {
  const names = new Set<string>();
  postcss.parse(css).walkRules((rule) => {
    for (const match of rule.selector.matchAll(/\.([A-Za-z_][\w-]*)/g)) names.add(match[1]!);
  });
  return [...names];
};

describe('the CSS modules’ class types', () => {
  it('finds the modules', () => {
    expect(modules.length).toBeGreaterThan(0);
  });

  it.each(modules)('%s has its classes declared beside it', async (file) => {
    const classes = classesOf(readFileSync(path.join(sources, file), 'utf8'));
    expect(classes.every((name) => /^[A-Za-z_$][\w$]*$/.test(name))).toBe(true);
    const declarations =
      `// The classes of ${path.basename(file)}, made by test/unit/frontend/components/css-module-types.test.ts.\n` +
      classes.map((name) => `export const ${name}: string;\n`).join('');
    await expect(declarations).toMatchFileSnapshot(
      path.join(sources, file.replace(/\.css$/, '.d.css.ts')),
    );
  });
});
