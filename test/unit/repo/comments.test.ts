/**
 * Comments, lint messages and test names are read by someone who has only this repository, so
 * none of them may point outside it: no issue or ticket number, no section of a specification,
 * no document that is not in the repository (see docs/conventions.md, Comments). A rule is said
 * in place, or the text points into docs/. This scans every source file and lists each offending
 * line as `file:line`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** Where source lives: these folders whole, and the configuration files at the top level. */
const SOURCE_FOLDERS = ['lambdas', 'lib', 'bin', 'frontend', 'test', 'state-machines', 'contract'];
const SOURCE_EXTENSION = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$|\.asl\.json$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.local', 'coverage']);

/**
 * What counts as a pointer outside the repository. The patterns are spelled so that this file
 * does not match them itself (a character class or an escape in the middle of each word).
 */
const POINTERS: { name: string; pattern: RegExp }[] = [
  { name: 'a section sign', pattern: /\u00a7/ },
  { name: 'an issue number', pattern: /\b[Ii]ssu[e]s? #?\d+/ },
  { name: 'a ticket reference', pattern: /\(#\d+\)|\b(?:PR|[Pp]ull request|[Tt]icket) #\d+/ },
  { name: 'a specification', pattern: /\b(?:[Bb]uyer|[Ss]eller)(?:[- ]and[- ]admin)?[- ]spe[c]\b/ },
  { name: 'the style guide', pattern: /\bSTYL[E]\.md\b/ },
  { name: 'the architecture notes', pattern: /\bARCHITECTUR[E]\.md\b/ },
  { name: 'a path outside the repository', pattern: /\/wor[k]\/|\bspe[c]\/(?:buyer|seller)/ },
];

/** Every source file under `folder` (relative to the root), skipping build output and deps. */
const sourceFilesIn = (folder: string): string[] => {
  const absolute = path.join(root, folder);
  let entries;
  try {
    entries = readdirSync(absolute, { withFileTypes: true });
  } catch {
    return []; // a folder that does not exist (yet) holds no pointer
  }
  return entries.flatMap((entry) => {
    const relative = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) {
      return SKIPPED_FOLDERS.has(entry.name) || entry.name.startsWith('.')
        ? []
        : sourceFilesIn(relative);
    }
    return SOURCE_EXTENSION.test(entry.name) ? [relative] : [];
  });
};

/** The source files of the top level (eslint.config.js, eslint.boundaries.js, vitest.config.ts, …). */
const topLevelFiles = (): string[] =>
  readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE_EXTENSION.test(entry.name))
    .map((entry) => entry.name);

const sourceFiles = (): string[] => [...SOURCE_FOLDERS.flatMap(sourceFilesIn), ...topLevelFiles()];

/** The pointers in `text`, as `label:line: what (the line)`. */
const findPointers = (label: string, text: string): string[] =>
  text
    .split('\n')
    .flatMap((line, index) =>
      POINTERS.filter(({ pattern }) => pattern.test(line)).map(
        ({ name }) => `${label}:${index + 1}: ${name} (${line.trim().slice(0, 120)})`,
      ),
    );

describe('pointers outside the repository', () => {
  it('are recognised in every form this test forbids', () => {
    const samples = [
      ['// see spec \u00a74.2', 'a section sign'],
      [`/** as in issue ${12} part 2 */`, 'an issue number'],
      [`// fixed in (#${12})`, 'a ticket reference'],
      [`// the buyer ${'spec'} says`, 'a specification'],
      [`// seller-and-admin ${'spec'}`, 'a specification'],
      [`'never its repo (${'STYLE'}.md rule 11)'`, 'the style guide'],
      [`// ${'ARCHITECTURE'}.md, Payouts`, 'the architecture notes'],
      [`// read /${'work'}/shared/notes`, 'a path outside the repository'],
    ] as const;
    for (const [line, name] of samples) {
      expect(findPointers('sample.ts', line).join('\n')).toContain(name);
    }
    // What a comment should say instead passes.
    expect(
      findPointers(
        'sample.ts',
        '// A refund is processed once (see docs/product.md, Refund request; docs/data-model.md, section 3.9).',
      ),
    ).toEqual([]);
  });

  it('appear in no source file', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      findPointers(file, readFileSync(path.join(root, file), 'utf8')),
    );
    expect(found, `Say the rule in place or point into docs/:\n${found.join('\n')}`).toEqual([]);
  });
});
