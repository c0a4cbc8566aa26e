/**
 * Every function bundle stays within LAMBDA_BUNDLE_BUDGET_BYTES (250 KB minified): the size of a
 * bundle is most of a cold start's import time, so a dependency that doubles it fails here, not
 * in production (issue 8). `npm run bench -- cold-start` measures the import times themselves.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LAMBDA_BUNDLE_BUDGET_BYTES } from '../../lib/constructs/marketplace-function';
import { bundleFunction, listFunctionEntries } from '../fixtures/lambda-bundles';

const outdir = mkdtempSync(path.join(tmpdir(), 'bundle-budget-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const functions = listFunctionEntries();

describe('Lambda bundle budget', () => {
  it('finds every function of the app (API domains and processing tasks)', () => {
    const names = functions.map((fn) => fn.name);
    expect(names).toContain('CatalogFunction');
    expect(names).toContain('ScanFunction');
    expect(functions.length).toBeGreaterThanOrEqual(15);
  });

  it.each(functions)('bundles $name within 250 KB minified', async (fn) => {
    const bundle = await bundleFunction(fn, outdir);
    const largest = bundle.packages
      .slice(0, 5)
      .map(([name, bytes]) => `${name} ${(bytes / 1024).toFixed(0)} KB`)
      .join(', ');
    expect(
      bundle.bytes,
      `${fn.name} is ${(bundle.bytes / 1024).toFixed(0)} KB (largest: ${largest})`,
    ).toBeLessThanOrEqual(LAMBDA_BUNDLE_BUDGET_BYTES);
  });
});
