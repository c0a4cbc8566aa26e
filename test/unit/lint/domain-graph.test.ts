/**
 * No cycle between the domains under lambdas/ (eslint.domain-graph.js, the rule
 * `domains/no-cycle`): a cycle planted in a small tree of its own fails with the whole cycle named,
 * a planted import that would close a cycle in this repository fails through the repository's
 * own ESLint config, and today's tree has none.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildDomainGraph,
  domainCycles,
  domainsPlugin,
  mermaidArrows,
  pathBetween,
  domainLayers,
  layerViolations,
} from '../../../eslint.domain-graph.js';

const root = path.resolve(import.meta.dirname, '../../..');

const cycleMessages = (results: ESLint.LintResult[]) =>
  results.flatMap((result) =>
    result.messages
      .filter((message) => message.ruleId === 'domains/no-cycle')
      .map((message) => ({ file: path.basename(result.filePath), message: message.message })),
  );

describe('a planted cycle fails', { timeout: 30_000 }, () => {
  let tree: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    writeFileSync(path.join(tree, file), text);
  };

  beforeAll(() => {
    tree = mkdtempSync(path.join(tmpdir(), 'domain-graph-'));
    // a → b → c → a: three arrows, no two of them a mutual pair.
    write(
      'lambdas/alpha/service.ts',
      "import { b } from '../beta/service';\nexport const a = b;\n",
    );
    write('lambdas/beta/service.ts', "export { c as b } from '../gamma/tasks/probe';\n");
    write(
      'lambdas/gamma/tasks/probe.ts',
      "export const c = async () => (await import('../../alpha/service')).a;\n",
    );
    // Shared code and a domain that only imports down are no part of it.
    write('lambdas/shared/util.ts', 'export const shared = 1;\n');
    write(
      'lambdas/delta/service.ts',
      "import { a } from '../alpha/service';\nexport const d = a;\n",
    );
  });

  afterAll(() => rmSync(tree, { recursive: true, force: true }));

  it('the graph names the cycle of three domains', () => {
    const graph = buildDomainGraph(tree);
    expect(domainCycles(graph)).toEqual([
      { domains: ['alpha', 'beta', 'gamma'], cycle: 'alpha → beta → gamma → alpha' },
    ]);
    expect(pathBetween(graph, 'delta', 'gamma')).toEqual(['delta', 'alpha', 'beta', 'gamma']);
  });

  it('the lint rule reports each import of the cycle, naming the cycle from there', async () => {
    const eslint = new ESLint({
      cwd: tree,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser },
          plugins: { domains: domainsPlugin },
          rules: { 'domains/no-cycle': 'error' },
        },
      ],
    });
    const messages = cycleMessages(await eslint.lintFiles(['lambdas/**/*.ts']));
    expect(messages.map(({ message }) => message.match(/^Domain cycle: ([^.]+)\./)?.[1])).toEqual(
      expect.arrayContaining([
        'alpha → beta → gamma → alpha',
        'beta → gamma → alpha → beta',
        'gamma → alpha → beta → gamma',
      ]),
    );
    expect(messages).toHaveLength(3);
    expect(messages[0]!.message).toMatch(/Domains import one way \(docs\/architecture\.md/);
  });
});

describe('this repository', { timeout: 30_000 }, () => {
  let eslint: ESLint;
  beforeAll(async () => {
    eslint = new ESLint({ cwd: root });
    await eslint.lintText('export {};\n', {
      filePath: path.join(root, 'lambdas/templates/warm.ts'),
    });
  }, 60_000);

  const lintAs = async (file: string, specifier: string) =>
    cycleMessages([
      (
        await eslint.lintText(`import * as probe from '${specifier}';\nexport { probe };\n`, {
          filePath: path.join(root, file),
        })
      )[0]!,
    ]).map(({ message }) => message);

  it('docs/architecture.md shows the graph as it is', () => {
    const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
    const shown = doc.split('\n').filter((line) => /^ {2}[\w-]+ --> [\w-]+$/.test(line));
    expect(shown).toEqual(mermaidArrows(buildDomainGraph(root)));
  });

  it('keeps every arrow below its source in the layers, each domain in one layer', () => {
    const graph = buildDomainGraph(root);
    expect(layerViolations(graph)).toEqual([]);
    const placed = domainLayers.flatMap(({ steps }) => steps.flat()).sort();
    const domains = readdirSync(path.join(root, 'lambdas'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
      .map((entry) => entry.name)
      .sort();
    expect(placed).toEqual(domains);
  });

  it('docs/architecture.md shows the layers as the lint module lists them', () => {
    const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
    const names = new Set(domainLayers.map(({ layer }) => layer));
    const rows = doc
      .split('\n')
      .map((line) => line.split('|').map((cell) => cell.trim()))
      .filter((cells) => names.has(cells[1] ?? ''))
      .map((cells) => ({
        layer: cells[1],
        steps: cells[2]!
          .split(', then ')
          .map((step) => step.split(', ').map((domain) => domain.replaceAll('`', ''))),
      }));
    expect(rows).toEqual(domainLayers);
  });

  it('has no domain cycle today', () => {
    const graph = buildDomainGraph(root);
    expect(graph.size).toBeGreaterThan(10);
    expect(domainCycles(graph)).toEqual([]);
  });

  it.each([
    // profiles is at the bottom: every domain's entry loads the caller's profile.
    {
      file: 'lambdas/profiles/probe.ts',
      imports: '../templates/service',
      cycle: /^profiles → templates → profiles$/,
    },
    // The ledger is below payouts, which reach it through more than one domain.
    {
      file: 'lambdas/ledger/probe.ts',
      imports: '../payouts/service',
      cycle: /^ledger → payouts → (\w+ → )*ledger$/,
    },
    // A longer one: the catalog is reached from payouts only through other domains.
    {
      file: 'lambdas/catalog/probe.ts',
      imports: '../payouts/service',
      cycle: /^catalog → payouts → \w+( → \w+)* → catalog$/,
    },
  ])('an import $file → $imports fails, naming the cycle', async ({ file, imports, cycle }) => {
    const messages = await lintAs(file, imports);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.match(/^Domain cycle: ([^.]+)\./)?.[1]).toMatch(cycle);
  });

  it.each([
    { file: 'lambdas/payouts/probe.ts', imports: '../templates/service' },
    { file: 'lambdas/templates/probe.ts', imports: '../../contract/templates' },
    { file: 'lambdas/catalog/probe.ts', imports: '../shared/errors' },
  ])('an import down the graph passes ($file → $imports)', async ({ file, imports }) => {
    expect(await lintAs(file, imports)).toEqual([]);
  });
});
