/**
 * The route table as the domain files declare it: each route once, in the file of the domain that
 * serves it, with a summary a person can read, and the Lambda of that domain reading that file only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { domains, routeKey, routes } from '../../../contract/routes';

const routesFolder = new URL('../../../contract/routes/', import.meta.url);
const lambdasFolder = new URL('../../../lambdas/', import.meta.url);

describe('the route table', () => {
  it('declares every route key once, across all the domain files', () => {
    const keys = routes.map(routeKey);
    const repeated = keys.filter((key, index) => keys.indexOf(key) !== index);
    expect(repeated).toEqual([]);
    expect(keys.length).toBeGreaterThan(100);
  });

  it('has one file per domain, and each file declares only its own domain', () => {
    const files = readdirSync(routesFolder)
      .filter((name) => !['index.ts', 'table.ts'].includes(name))
      .map((name) => name.replace(/\.ts$/, ''))
      .sort();
    expect(files).toEqual([...domains].sort());
    for (const domain of domains) {
      const source = readFileSync(new URL(`${domain}.ts`, routesFolder), 'utf8');
      expect(source, domain).toContain(`defineRoutes('${domain}',`);
    }
  });

  it('gives every route a one-line summary that ends a sentence', () => {
    for (const route of routes) {
      expect(route.summary, routeKey(route)).toMatch(/^[A-Z'`"].{10,}[.)]$/s);
      expect(route.summary, routeKey(route)).not.toContain('\n');
    }
  });

  it('keeps each Lambda on its own routes (the whole table would weigh on every bundle)', () => {
    for (const domain of domains) {
      const index = readFileSync(new URL(`${domain}/index.ts`, lambdasFolder), 'utf8');
      expect(index, domain).toMatch(new RegExp(`from '../../contract/routes/${domain}'`));
      expect(index, domain).not.toMatch(/from '..\/..\/contract\/routes'/);
    }
  });
});
