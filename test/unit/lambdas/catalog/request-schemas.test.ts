import { describe, expect, it } from 'vitest';
import { browseQuerySchema, templateIdSchema } from '../../../../contract/catalog';
import { ValidationError } from '../../../../lambdas/shared/errors';
import { parseRequest } from '../../../../lambdas/shared/http/parse-request';
import { templatePathSchema } from '../../../../lambdas/catalog/schema';
import { apiEvent } from '../../../fixtures/api-event';

const browseError = (query: Record<string, string>): ValidationError => {
  try {
    parseRequest(apiEvent({ path: '/api/mvps', query }), { query: browseQuerySchema });
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error(`Expected ${JSON.stringify(query)} to be rejected`);
};

describe('browse query', () => {
  it('has defaults for an empty query', () => {
    const { query } = parseRequest(apiEvent({ path: '/api/mvps' }), { query: browseQuerySchema });
    expect(query).toEqual({
      tech_stack: [],
      sort: 'published_at',
      page: 0,
      limit: 20,
    });
  });

  it('skips empty values and the value all', () => {
    const { query } = parseRequest(
      apiEvent({
        path: '/api/mvps',
        query: { search: '  ', category: 'all', licensing_terms: 'All', min_price: '', page: '' },
      }),
      { query: browseQuerySchema },
    );
    expect(query.search).toBeUndefined();
    expect(query.category).toBeUndefined();
    expect(query.licensing_terms).toBeUndefined();
    expect(query.min_price).toBeUndefined();
    expect(query.page).toBe(0);
  });

  it('orders a search by relevance unless another order is asked, and never without text', () => {
    const sortOf = (raw: Record<string, string>) => browseQuerySchema.parse(raw).sort;
    expect(sortOf({ search: 'stripe' })).toBe('relevance');
    expect(sortOf({ search: 'stripe', sort: 'download_count' })).toBe('download_count');
    expect(sortOf({ search: 'stripe', sort: 'relevance' })).toBe('relevance');
    expect(sortOf({})).toBe('published_at');
    expect(sortOf({ sort: 'relevance' })).toBe('published_at');
    expect(sortOf({ search: '  ', sort: 'relevance' })).toBe('published_at');
  });

  it('reads repeated and comma-joined tech_stack values alike', () => {
    const repeated = parseRequest(
      apiEvent({ path: '/api/mvps', query: { tech_stack: ['React', 'Vue.js'] } }),
      { query: browseQuerySchema },
    );
    expect(repeated.query.tech_stack).toEqual(['React', 'Vue.js']);
  });

  it.each([
    [
      { sort: 'price' },
      'sort',
      'Sort must be one of relevance, published_at, download_count, average_rating.',
    ],
    [{ min_price: '-1' }, 'min_price', 'Minimum price must be a number of at least 0.'],
    [{ max_price: 'abc' }, 'max_price', 'Maximum price must be a number of at least 0.'],
    [{ page: '-1' }, 'page', 'Page must be a whole number of at least 0.'],
    [{ page: '1.5' }, 'page', 'Page must be a whole number of at least 0.'],
    [{ page: 'two' }, 'page', 'Page must be a whole number of at least 0.'],
    [{ limit: '500' }, 'limit', 'Limit must be a whole number from 1 to 20.'],
    [{ category: 'Games' }, 'category', 'Unknown category.'],
    [{ tech_stack: 'React,COBOL' }, 'tech_stack.1', 'Unknown technology.'],
    [{ licensing_terms: 'gpl' }, 'licensing_terms', 'Unknown licensing terms.'],
    [{ search: 'x'.repeat(101) }, 'search', 'Search text is too long.'],
    [
      { min_price: '50', max_price: '10' },
      'min_price',
      'Minimum price cannot be above the maximum price.',
    ],
  ])('rejects %j with a clear message', (query, field, message) => {
    const error = browseError(query);
    expect(error.message).toBe(message);
    expect(error.fields[field]).toBe(message);
  });

  it('reports every bad field, leading with the first', () => {
    const error = browseError({ sort: 'nope', page: '-3' });
    expect(Object.keys(error.fields).sort()).toEqual(['page', 'sort']);
    expect(error.message).toBe(error.fields[Object.keys(error.fields)[0]!]);
  });
});

describe('template id', () => {
  it('accepts a ULID in either case and normalises it to upper case', () => {
    expect(templateIdSchema.parse('01j9zq3v8k6m2n4p5r7s9t0vwx')).toBe('01J9ZQ3V8K6M2N4P5R7S9T0VWX');
  });

  it.each(['1', 'not-a-ulid', '01J9ZQ3V8K6M2N4P5R7S9T0VWXX', '01J9ZQ3V8K6M2N4P5R7S9T0VWU'])(
    'rejects %s',
    (id) => {
      expect(() =>
        parseRequest(apiEvent({ path: `/api/mvps/${id}` }), { params: templatePathSchema }),
      ).toThrow(
        new ValidationError('The template id is malformed.', {
          id: 'The template id is malformed.',
        }),
      );
    },
  );
});
