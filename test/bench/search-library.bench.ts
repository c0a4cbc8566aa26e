/**
 * Which embedded full-text library the catalog's search uses: MiniSearch, Orama and FlexSearch
 * indexing the same real-looking templates (support/search-data.ts) at 10,000 and 100,000, each in
 * a fresh process (`--expose-gc`): build time, the index's heap, the first query and warm p50/p95
 * over 100 searches (half with a typo), all words required. Each library is configured as close
 * to the catalog's needs as it allows (field weights, prefix, typos, stemming); the result is in
 * docs/performance.md, "Which library", and the reason for the choice in docs/architecture.md,
 * "Search".
 *
 * The two libraries not chosen are not dependencies: install them first, without saving
 * (`npm install --no-save @orama/orama flexsearch`); a library that is not installed is skipped.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { stemmer } from 'stemmer';
import { searchQueries, searchableTemplate, seeded, sellerNameOf } from './support/search-data';

const SIZES = [10_000, 100_000];
/**
 * `catalog` is what the catalog function uses (lambdas/catalog/catalog-search.ts): MiniSearch's
 * radix tree for the vocabulary, the postings in typed arrays.
 */
const LIBRARIES = ['minisearch', 'orama', 'flexsearch', 'catalog'] as const;
type Library = (typeof LIBRARIES)[number];

interface Doc {
  id: number;
  title: string;
  tagline: string;
  description: string;
  tech: string;
  techList: string[];
  category: string;
  seller: string;
}

const docsOf = (size: number): Doc[] => {
  const next = seeded(42);
  return Array.from({ length: size }, (_, id) => {
    const text = searchableTemplate(next);
    return {
      id,
      title: text.title,
      tagline: text.tagline,
      description: text.description,
      tech: text.tech_stack.join(' '),
      techList: text.tech_stack,
      category: text.category,
      seller: sellerNameOf(id % Math.max(25, Math.floor(size / 20))),
    };
  });
};

const FIELDS = ['title', 'tagline', 'description', 'tech', 'category', 'seller'] as const;
const BOOST = { title: 4, tech: 2, category: 2, tagline: 2, seller: 1.5, description: 1 };

/** Typos allowed in a word of this length: none under 4 letters, 1 up to 7, 2 above. */
const typos = (term: string) => (term.length < 4 ? 0 : term.length <= 7 ? 1 : 2);

type Search = (query: string) => Promise<number> | number;

/** A library that is not a dependency (installed for this bench only), untyped here. */
const optional = (name: string): Promise<unknown> => import(name);

const builders: Record<Library, (docs: Doc[]) => Promise<Search>> = {
  async catalog(docs) {
    const { CatalogSearch } = await import('../../lambdas/catalog/catalog-search');
    const index = CatalogSearch.build(docs.map((doc) => ({ ...doc, tech: doc.techList })));
    return (query) => index.search(query).rows.length;
  },
  async minisearch(docs) {
    const { default: MiniSearch } = await import('minisearch');
    const index = new MiniSearch<Doc>({
      fields: [...FIELDS],
      processTerm: (term) => stemmer(term.toLowerCase()),
      searchOptions: {
        boost: BOOST,
        combineWith: 'AND',
        prefix: (_term, i, terms) => i === terms.length - 1,
        fuzzy: (term) => typos(term),
      },
    });
    index.addAll(docs);
    return (query) => index.search(query).length;
  },
  async orama(docs) {
    const orama = (await optional('@orama/orama')) as {
      create(options: unknown): unknown;
      insert(db: unknown, doc: unknown): unknown;
      search(db: unknown, params: unknown): Promise<{ count: number }>;
    };
    const db = orama.create({
      schema: Object.fromEntries(FIELDS.map((field) => [field, 'string'])) as Record<
        (typeof FIELDS)[number],
        'string'
      >,
      components: { tokenizer: { stemming: true, language: 'english' } },
    });
    for (const doc of docs) orama.insert(db, { ...doc, id: String(doc.id) });
    return async (query) => {
      const found = await orama.search(db, {
        term: query,
        tolerance: 1,
        threshold: 0,
        boost: BOOST,
        limit: 100_000,
      });
      return found.count;
    };
  },
  async flexsearch(docs) {
    const { Document } = (await optional('flexsearch')) as {
      Document: new (options: unknown) => {
        add(doc: unknown): void;
        search(query: string, options: unknown): { result: unknown[] }[];
      };
    };
    const index = new Document({
      document: { id: 'id', index: FIELDS.map((field) => ({ field, tokenize: 'forward' })) },
      encoder: 'LatinBalance',
    });
    for (const doc of docs) index.add(doc);
    return (query) => {
      const results = index.search(query, { limit: 100_000, suggest: true });
      return results.reduce((sum, field) => sum + field.result.length, 0);
    };
  },
};

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
/** The JavaScript heap and the typed arrays' buffers (outside the heap). */
const heap = () => {
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

/** One library at one size, in this process: prints one `BENCH` line. */
const measure = async (library: Library, size: number): Promise<void> => {
  const docs = docsOf(size);
  const queries = searchQueries(100);
  const before = heap();
  const started = performance.now();
  const search = await builders[library](docs);
  const buildMs = performance.now() - started;
  // With the documents still held: what the index adds to them (its own copies included).
  const indexMb = (heap() - before) / 2 ** 20;
  docs.length = 0;
  const firstStarted = performance.now();
  const firstHits = await search(queries[0]!);
  const firstMs = performance.now() - firstStarted;
  const times: number[] = [];
  let hits = firstHits;
  for (let round = 0; round < 3; round += 1) {
    for (const query of queries) {
      const t = performance.now();
      hits += await search(query);
      times.push(performance.now() - t);
    }
  }
  times.sort((a, b) => a - b);
  console.log(
    `BENCH ${JSON.stringify({
      library,
      size,
      buildMs: Math.round(buildMs),
      indexMb: Math.round(indexMb),
      firstQueryMs: Number(firstMs.toFixed(1)),
      warmP50Ms: Number(percentile(times, 50).toFixed(2)),
      warmP95Ms: Number(percentile(times, 95).toFixed(2)),
      hits,
    })}`,
  );
};

const run = (args: string[]): Promise<string> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--expose-gc',
        '--max-old-space-size=4096',
        '--import',
        'tsx',
        import.meta.filename,
        ...args,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`exit ${code}`))));
  });

const [library, size] = process.argv.slice(2);
if (library && size) {
  await measure(library as Library, Number(size));
} else {
  const rows: unknown[] = [];
  for (const size of SIZES) {
    for (const name of LIBRARIES) {
      try {
        if (name !== 'catalog') await optional(name === 'orama' ? '@orama/orama' : name);
      } catch {
        console.log(`${name}: not installed, skipped`);
        continue;
      }
      const out = await run([name, String(size)]);
      for (const line of out.split('\n').filter((l) => l.startsWith('BENCH '))) {
        rows.push(JSON.parse(line.slice(6)));
      }
    }
  }
  console.table(rows);
}
