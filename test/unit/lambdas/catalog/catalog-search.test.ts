import { describe, expect, it } from 'vitest';
import {
  CatalogSearch,
  DESCRIPTION_WORDS_INDEXED,
  typosAllowed,
  type SearchDocument,
} from '../../../../lambdas/catalog/catalog-search';

const doc = (fields: Partial<SearchDocument> & { title: string }): SearchDocument => ({
  tagline: '',
  description: '',
  tech: [],
  category: 'Other',
  seller: '',
  ...fields,
});

const DOCS = [
  doc({ title: 'Stripe SaaS Kit', tech: ['Next.js', 'Stripe'], category: 'SaaS' }),
  doc({ title: 'Writing Assistant', tagline: 'AI help for writers', tech: ['React'] }),
  doc({ title: 'Analytics Dashboards', category: 'Dashboard', tech: ['Vue.js'] }),
  doc({ title: 'Developer Portfolio', category: 'Portfolio', seller: 'Amelia Walker' }),
  doc({ title: 'Shop', description: 'An e-commerce store with Stripe payments.' }),
  doc({ title: 'Next Level Blog', tech: ['Tailwind CSS'] }),
];

/** The titles a search finds, best first. */
const titles = (search: CatalogSearch, text: string) => {
  const { rows, scores } = search.search(text);
  return Array.from(rows.keys())
    .sort((a, b) => scores[b]! - scores[a]! || rows[a]! - rows[b]!)
    .map((i) => DOCS[rows[i]!]?.title ?? `row ${rows[i]}`);
};

describe('catalog search', () => {
  const search = CatalogSearch.build(DOCS);

  it('finds every word in any order and any field', () => {
    expect(titles(search, 'stripe saas')).toEqual(['Stripe SaaS Kit']);
    expect(titles(search, 'assistant writing')).toEqual(['Writing Assistant']);
    expect(titles(search, 'portfolio developer')).toEqual(['Developer Portfolio']);
    expect(titles(search, 'stripe')).toEqual(['Stripe SaaS Kit', 'Shop']);
    expect(titles(search, 'stripe portfolio')).toEqual([]);
  });

  it('treats a technology typed any way as one term', () => {
    for (const typed of ['nextjs', 'next.js', 'Next', 'Next.js', 'NEXTJS']) {
      expect(titles(search, typed)).toContain('Stripe SaaS Kit');
    }
    expect(titles(search, 'vue')).toEqual(['Analytics Dashboards']);
    expect(titles(search, 'tailwind')).toEqual(['Next Level Blog']);
  });

  it('stems English words and allows typos by word length', () => {
    expect(titles(search, 'Dashboards')).toEqual(['Analytics Dashboards']);
    expect(titles(search, 'dashboard')).toEqual(['Analytics Dashboards']);
    expect(titles(search, 'dashbord')).toEqual(['Analytics Dashboards']);
    expect(titles(search, 'writting assistent')).toEqual(['Writing Assistant']);
    expect([typosAllowed('kit'), typosAllowed('shop'), typosAllowed('writing')]).toEqual([0, 1, 1]);
    expect(typosAllowed('dashboard')).toBe(2);
    // Three letters: no typo allowed.
    expect(titles(search, 'kut saas')).toEqual([]);
  });

  it('matches the last word as a prefix only', () => {
    expect(titles(search, 'dashbo')).toEqual(['Analytics Dashboards']);
    expect(titles(search, 'amelia wal')).toEqual(['Developer Portfolio']);
    expect(titles(search, 'wal amelia')).toEqual([]);
  });

  it('indexes joined words whole and by part', () => {
    expect(titles(search, 'e-commerce')).toEqual(['Shop']);
    expect(titles(search, 'ecommerce')).toEqual(['Shop']);
    expect(titles(search, 'commerce')).toEqual(['Shop']);
  });

  it('ranks a title match above a passing mention', () => {
    const ranked = CatalogSearch.build([
      doc({ title: 'Shopfront', description: 'Sell with a dashboard for orders.' }),
      doc({ title: 'Sales Dashboard' }),
    ]);
    const { rows, scores } = ranked.search('dashboard');
    expect(rows).toHaveLength(2);
    expect(scores[Array.from(rows).indexOf(1)]).toBeGreaterThan(
      scores[Array.from(rows).indexOf(0)]!,
    );
  });

  it('answers after changes as an index built from scratch does', () => {
    const changed = search.withChanges(
      // Rows 1 and 4 leave; the others keep their order.
      Int32Array.from([0, -1, 1, 2, -1, 3]),
      4,
      [doc({ title: 'Writing Studio', tech: ['Svelte'] }), DOCS[4]!],
    );
    const fresh = CatalogSearch.build([
      DOCS[0]!,
      DOCS[2]!,
      DOCS[3]!,
      DOCS[5]!,
      doc({ title: 'Writing Studio', tech: ['Svelte'] }),
      DOCS[4]!,
    ]);
    for (const text of ['writing', 'stripe', 'svelte', 'next', 'dashbord', 'e-commerce', 'xyz']) {
      expect(changed.search(text), text).toEqual(fresh.search(text));
    }
    // The index it was made from is unchanged.
    expect(titles(search, 'writing')).toEqual(['Writing Assistant']);
  });

  it('reads back what it stores', () => {
    const stored = search.encoded;
    const read = CatalogSearch.decode(stored, DOCS.length);
    for (const text of ['stripe saas', 'nextjs', 'dashbord', 'amelia wal']) {
      expect(read.search(text)).toEqual(search.search(text));
    }
    expect(() => CatalogSearch.decode(search.encoded, 2)).toThrow(RangeError);
  });

  it('offers the closest indexed terms for a word', () => {
    expect(search.closestTerms('dashbo')).toContain('dashboard');
    expect(search.closestTerms('portfolo')).toContain('portfolio');
  });

  it('indexes the first distinct words of a description', () => {
    const words = Array.from({ length: DESCRIPTION_WORDS_INDEXED - 1 }, (_, i) => `word${i}`);
    const long = CatalogSearch.build([
      doc({ title: 'Long', description: `giraffe ${words.join(' giraffe ')} zebra` }),
    ]);
    expect(long.search('giraffe').rows).toHaveLength(1);
    expect(long.search('zebra').rows).toHaveLength(0);
  });
});

describe('catalog search at size', () => {
  it('answers many-word searches the same whichever way each word is looked up', () => {
    // One rare word and common ones: the common words are looked up for the rare word's rows.
    const docs = Array.from({ length: 3_000 }, (_, i) =>
      doc({
        title: `Starter kit ${i % 7 === 0 ? 'zebra' : 'plain'}`,
        tagline: i % 3 === 0 ? 'billing dashboard' : 'landing page',
        tech: i % 2 === 0 ? ['React'] : ['Vue.js'],
      }),
    );
    const search = CatalogSearch.build(docs);
    const expected = (test: (i: number) => boolean) => docs.map((_, i) => i).filter(test);
    const found = (text: string) => Array.from(search.search(text).rows).sort((a, b) => a - b);
    expect(found('zebra starter react billing')).toEqual(
      expected((i) => i % 7 === 0 && i % 2 === 0 && i % 3 === 0),
    );
    expect(found('kit react zebra')).toEqual(expected((i) => i % 7 === 0 && i % 2 === 0));
    expect(found('starter kit landing')).toEqual(expected((i) => i % 3 !== 0));
  });
});

describe('catalog search after many changes', () => {
  const WORDS = ['invoice', 'habit', 'recipe', 'booking', 'dashboard', 'starter', 'portfolio'];
  const TECH = ['React', 'Vue.js', 'Next.js', 'Stripe', 'Svelte'];
  let made = 0;
  /** A new template's text: a few words of WORDS and technologies of TECH. */
  const next = (): SearchDocument => {
    made += 1;
    const word = (k: number) => WORDS[(made * (k + 3) + k) % WORDS.length]!;
    return doc({
      title: `${word(0)} ${word(1)} ${made}`,
      tagline: `${word(2)} kit`,
      description: made % 5 === 0 ? 'with seriously long descriptions' : '',
      tech: [TECH[made % TECH.length]!, ...(made % 3 === 0 ? [TECH[(made + 2) % 5]!] : [])],
      category: made % 2 === 0 ? 'SaaS' : 'Dashboard',
      seller: made % 4 === 0 ? 'Amelia Walker' : '',
    });
  };
  const TEXTS = ['invoice', 'dashbord', 'react stripe', 'booking kit', 'nex', 'amelia', 'serious'];

  /** Removes every `gone`-th document and edits every `edited`-th, then adds `added` new ones. */
  const change = (
    search: CatalogSearch,
    docs: SearchDocument[],
    { gone, edited, added }: { gone: number; edited: number; added: number },
  ) => {
    const newRow = new Int32Array(docs.length).fill(-1);
    const kept: SearchDocument[] = [];
    const upserts: SearchDocument[] = [];
    docs.forEach((document, row) => {
      if (row % gone === 1) return;
      if (row % edited === 2) {
        upserts.push({ ...document, tagline: `${document.tagline} recipe` });
        return;
      }
      newRow[row] = kept.length;
      kept.push(document);
    });
    for (let i = 0; i < added; i += 1) upserts.push(next());
    return {
      search: search.withChanges(newRow, kept.length, upserts),
      docs: [...kept, ...upserts],
    };
  };

  it('answers as an index built from scratch, change after change', () => {
    let docs = Array.from({ length: 1_200 }, next);
    let search = CatalogSearch.build(docs);
    // Small changes (kept beside the postings), then one past the rewrite threshold.
    const rounds = [
      { gone: 37, edited: 41, added: 5 },
      { gone: 53, edited: 29, added: 3 },
      { gone: 19, edited: 61, added: 8 },
      { gone: 2, edited: 1_000, added: 20 },
      { gone: 47, edited: 43, added: 2 },
    ];
    for (const [round, sizes] of rounds.entries()) {
      ({ search, docs } = change(search, docs, sizes));
      const fresh = CatalogSearch.build(docs);
      expect(search.size, `round ${round}`).toBe(docs.length);
      for (const text of TEXTS) {
        expect(search.search(text), `round ${round}: ${text}`).toEqual(fresh.search(text));
        expect(search.closestTerms(text), `round ${round}: ${text}`).toEqual(
          fresh.closestTerms(text),
        );
      }
      const stored = search.encoded;
      const { terms: freshTerms, ...freshPostings } = fresh.encoded;
      const { terms, ...postings } = stored;
      // The vocabulary is shared and only grows: the terms of gone templates stay, with no rows.
      expect(terms.slice(0, freshTerms.length).length).toBe(freshTerms.length);
      const rowsOf = (encoded: typeof postings, names: readonly string[]) =>
        Object.fromEntries(
          names
            .map((term, t) => {
              const from = encoded.counts.slice(0, t).reduce((sum, count) => sum + count, 0);
              return [
                term,
                [
                  Array.from(encoded.gaps.subarray(from, from + encoded.counts[t]!)),
                  Array.from(encoded.fields.subarray(from, from + encoded.counts[t]!)),
                ],
              ];
            })
            .filter(([, [rows]]) => (rows as number[]).length > 0),
        );
      expect(rowsOf(postings, terms), `round ${round}`).toEqual(rowsOf(freshPostings, freshTerms));
      expect(
        CatalogSearch.decode(stored, docs.length).search('react stripe'),
        `round ${round}`,
      ).toEqual(fresh.search('react stripe'));
    }
  });
});
