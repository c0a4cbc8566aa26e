// The domain graph under lambdas/: one node per domain folder (lambdas/shared is below them all
// and is not a node), one arrow per domain that imports another. The arrows must form no cycle
// (docs/architecture.md, "Domains"): the rule `domains/no-cycle` reports every import that closes
// one, naming the whole cycle, and `npm run lint` runs it on every file.
// `node eslint.domain-graph.js` prints the graph's figures and any cycle (`--mermaid`: the
// diagram of docs/architecture.md).
/* global console */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Relative specifiers of static imports, re-exports and dynamic imports. */
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)'(\.[^']+)'/gm;

const sourceFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });

/** The domain a path under `root` belongs to, or null (lambdas/shared, anything outside lambdas/). */
export const domainOf = (root, file) => {
  const [top, domain, ...rest] = path.relative(root, file).split(path.sep);
  return top === 'lambdas' && domain !== 'shared' && rest.length > 0 ? domain : null;
};

/** The other domains a file imports: `{ to, specifier }` per cross-domain specifier. */
export const crossDomainImports = (root, file, specifiers) => {
  const from = domainOf(root, file);
  if (!from) return [];
  return specifiers.flatMap((specifier) => {
    if (!specifier.startsWith('.')) return [];
    const to = domainOf(root, path.resolve(path.dirname(file), specifier));
    return to && to !== from ? [{ to, specifier }] : [];
  });
};

/** Every file under lambdas/ with the relative specifiers it imports, read from disk. */
export const readSpecifiers = (root) =>
  new Map(
    sourceFiles(path.join(root, 'lambdas')).map((file) => [
      file,
      [...readFileSync(file, 'utf8').matchAll(SPECIFIER)].map((match) => match[1]),
    ]),
  );

/**
 * The graph as `Map<from, Map<to, string[]>>`, each arrow with the imports that draw it
 * (`file → specifier`), from `readSpecifiers`' map.
 */
export const graphOf = (root, specifiersByFile) => {
  const graph = new Map();
  for (const [file, specifiers] of specifiersByFile) {
    const from = domainOf(root, file);
    for (const { to, specifier } of crossDomainImports(root, file, specifiers)) {
      if (!graph.has(from)) graph.set(from, new Map());
      const arrows = graph.get(from);
      if (!arrows.has(to)) arrows.set(to, []);
      arrows.get(to).push(`${path.relative(root, file)} → ${specifier}`);
    }
  }
  return graph;
};

export const buildDomainGraph = (root) => graphOf(root, readSpecifiers(root));

/** The shortest chain of arrows from `start` to `goal` (both included), or null. */
export const pathBetween = (graph, start, goal) => {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === goal) {
      const chain = [];
      for (let at = goal; at !== null; at = previous.get(at)) chain.unshift(at);
      return chain;
    }
    for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return null;
};

/**
 * The strongly connected groups of domains (Tarjan's algorithm), each with one of its cycles
 * written `a → b → … → a`; empty when the graph is acyclic.
 */
export const domainCycles = (graph) => {
  const nodes = [
    ...new Set([...graph.keys(), ...[...graph.values()].flatMap((m) => [...m.keys()])]),
  ].sort();
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  let counter = 0;
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return groups.map((group) => {
    const [first] = group;
    const back = [...graph.get(first).keys()].sort().find((next) => group.includes(next));
    return { domains: group, cycle: [first, ...pathBetween(graph, back, first)].join(' → ') };
  });
};

/**
 * The domains' layers, from the bottom up (docs/architecture.md, "Domains", shows this table):
 * each layer is a list of steps, and a domain may import only domains of an earlier step, of its
 * own layer or of a lower one. `layerViolations` lists the arrows that break it; a unit test keeps
 * the graph within it and the documented table equal to it.
 */
export const domainLayers = [
  { layer: 'foundation', steps: [['ledger'], ['profiles']] },
  {
    layer: 'records',
    steps: [
      ['builds'],
      ['security'],
      ['audit', 'notifications', 'catalog', 'uploads', 'newsletter'],
      ['licenses', 'contact', 'seller-applications'],
    ],
  },
  {
    layer: 'buying',
    steps: [['downloads', 'refunds'], ['deployments', 'disputes'], ['security-alerts']],
  },
  {
    layer: 'selling',
    steps: [['templates'], ['processing', 'github', 'reviews', 'stats', 'payouts']],
  },
  { layer: 'orchestration', steps: [['billing', 'sellers', 'admin'], ['account']] },
];

/** Each domain's place: its step's index counted from the bottom over all layers. */
export const stepOfDomain = (layers = domainLayers) =>
  new Map(
    layers
      .flatMap(({ steps }) => steps)
      .flatMap((domains, step) => domains.map((domain) => [domain, step])),
  );

/** The arrows (`a --> b`) whose target is not below their source in the layers. */
export const layerViolations = (graph, layers = domainLayers) => {
  const step = stepOfDomain(layers);
  return [...graph].flatMap(([from, targets]) =>
    [...targets.keys()]
      .filter((to) => !(step.get(to) < step.get(from)))
      .map((to) => `${from} --> ${to}`),
  );
};

/** The arrows as mermaid flowchart lines (`  a --> b`), sorted: docs/architecture.md shows them. */
export const mermaidArrows = (graph) =>
  [...graph]
    .flatMap(([from, targets]) => [...targets.keys()].map((to) => `  ${from} --> ${to}`))
    .sort();

export const CYCLE_MESSAGE =
  'Domain cycle: {{cycle}}. Domains import one way (docs/architecture.md, "Domains"): move what both sides need below them (lambdas/shared, the contract), or let the lower domain be called with what it needs instead of calling back.';

/** Per root: every file's specifiers, read once per ESLint process. */
const specifiersOnDisk = new Map();

/** `domains/no-cycle`: an import of another domain that can reach this file's domain back. */
export const noDomainCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Domains under lambdas/ import each other without cycles.' },
    schema: [],
    messages: { cycle: CYCLE_MESSAGE },
  },
  create(context) {
    const root = context.cwd ?? here;
    const file = context.physicalFilename ?? context.filename;
    const from = domainOf(root, file);
    if (!from) return {};
    const found = [];
    const collect = (node) => {
      if (node.source?.type === 'Literal' && typeof node.source.value === 'string') {
        found.push({ node, specifier: node.source.value });
      }
    };
    return {
      ImportDeclaration: collect,
      ExportNamedDeclaration: collect,
      ExportAllDeclaration: collect,
      ImportExpression: collect,
      'Program:exit'() {
        let onDisk = specifiersOnDisk.get(root);
        if (!onDisk) {
          onDisk = readSpecifiers(root);
          specifiersOnDisk.set(root, onDisk);
        }
        // The graph from disk, with this file's own imports as the linter sees them now.
        const current = new Map(onDisk);
        current.set(
          file,
          found.map(({ specifier }) => specifier),
        );
        const graph = graphOf(root, current);
        for (const { node, specifier } of found) {
          const [edge] = crossDomainImports(root, file, [specifier]);
          if (!edge) continue;
          const back = pathBetween(graph, edge.to, from);
          if (back) {
            context.report({
              node,
              messageId: 'cycle',
              data: { cycle: [from, ...back].join(' → ') },
            });
          }
        }
      },
    };
  },
};

export const domainsPlugin = { rules: { 'no-cycle': noDomainCycle } };

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const graph = buildDomainGraph(here);
  const arrows = [...graph.values()].flatMap((targets) => [...targets.values()]);
  const cycles = domainCycles(graph);
  console.log(
    `domains ${new Set([...graph.keys(), ...[...graph.values()].flatMap((m) => [...m.keys()])]).size}, arrows ${arrows.length}, imports ${arrows.flat().length}, cycles ${cycles.length}`,
  );
  for (const { domains, cycle } of cycles) {
    console.log(`  ${cycle} (one cycle of the group ${domains.join(', ')})`);
  }
  if (process.argv.includes('--mermaid'))
    console.log(['flowchart TD', ...mermaidArrows(graph)].join('\n'));
  if (cycles.length > 0) process.exitCode = 1;
}
