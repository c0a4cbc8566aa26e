/**
 * docs/data-model.md stays true of the entity files: its index map (section 2) names every file in
 * lambdas/shared/db/entities, and its TTL table (section 7) every entity whose items carry
 * `expires_at`, so "nothing else expires" holds.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const entitiesDir = path.join(root, 'lambdas/shared/db/entities');
const doc = readFileSync(path.join(root, 'docs/data-model.md'), 'utf8');

/** The text of a `## ` section of the document, up to the next one. */
const section = (heading: string): string => {
  const start = doc.indexOf(`\n## ${heading}\n`);
  expect(start, `docs/data-model.md has a section "${heading}"`).toBeGreaterThan(-1);
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end === -1 ? undefined : end);
};

const entityFiles = readdirSync(entitiesDir)
  .filter((file) => file.endsWith('.ts'))
  .sort();
const sourceOf = (file: string) => readFileSync(path.join(entitiesDir, file), 'utf8');

describe('docs/data-model.md', () => {
  it('maps the keys of every entity file (section 2, index map)', () => {
    const map = section('2. Index map');
    expect(entityFiles.length).toBeGreaterThan(40);
    expect(entityFiles.filter((file) => !map.includes(`(\`${file}\``))).toEqual([]);
  });

  it('lists every entity that expires in the TTL table (section 7)', () => {
    const rows = section('7. TTL')
      .split('\n')
      .filter(
        (line) => line.startsWith('| ') && !line.startsWith('| item') && !line.startsWith('|--'),
      )
      .map((line) => line.split('|')[1]!.trim().split(' ')[0]!.toLowerCase());
    const expiring = entityFiles.flatMap((file) => {
      const source = sourceOf(file);
      if (!/^\s+expires_at\??:/m.test(source)) return [];
      return [...source.matchAll(/\bentity: '(\w+)'/g)]
        .map((match) => match[1]!.toLowerCase())
        .filter((name) => !name.startsWith('legacy'));
    });
    expect(expiring.length).toBeGreaterThan(5);
    expect(expiring.filter((name) => !rows.includes(name)).sort()).toEqual([]);
  });
});
