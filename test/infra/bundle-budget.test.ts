/**
 * Every function bundle stays within LAMBDA_BUNDLE_BUDGET_BYTES (280 KB minified): the size of a
 * bundle is most of a cold start's import time, so a dependency that doubles it fails here, not
 * in production. Bundles are split (splitBundleArgs): what a cold start imports (the entry and
 * its static chunks) keeps to the budget with no allowance, and everything the function can load
 * keeps to it plus the allowance of each official client it calls. `npm run bench -- cold-start`
 * measures the import times themselves.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CVSS_CALCULATOR_ALLOWANCE_BYTES,
  LAMBDA_BUNDLE_BUDGET_BYTES,
  LOCK_FILE_PARSER_PACKAGES,
  LOCK_FILE_PARSERS_ALLOWANCE_BYTES,
  NETLIFY_CLIENT_ALLOWANCE_BYTES,
  NETLIFY_DETECTION_ALLOWANCE_BYTES,
  NETLIFY_DETECTION_PACKAGES,
  NETLIFY_PACKAGES,
  OCTOKIT_CLIENT_ALLOWANCE_BYTES,
  OCTOKIT_PACKAGES,
  RAR_READER_ALLOWANCE_BYTES,
  STRIPE_CLIENT_ALLOWANCE_BYTES,
} from '../../lib/constructs/marketplace-function';
import { bundleFunction, listFunctionEntries } from '../fixtures/lambda-bundles';

const outdir = mkdtempSync(path.join(tmpdir(), 'bundle-budget-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const functions = listFunctionEntries();
/** Each function is bundled once for every test of this file (by its entry: the file it runs). */
const bundles = new Map<string, ReturnType<typeof bundleFunction>>();
const bundleOf = (fn: (typeof functions)[number]) => {
  let bundle = bundles.get(fn.entry);
  if (!bundle) {
    bundle = bundleFunction(fn, outdir);
    bundles.set(fn.entry, bundle);
  }
  return bundle;
};

const bytesOf = (patterns: readonly RegExp[]) => (packages: [string, number][]) =>
  packages
    .filter(([name]) => patterns.some((pattern) => pattern.test(name)))
    .reduce((sum, [, bytes]) => sum + bytes, 0);
const octokitBytesOf = bytesOf(OCTOKIT_PACKAGES);
const netlifyBytesOf = bytesOf(NETLIFY_PACKAGES);
const lockFileParserBytesOf = bytesOf(LOCK_FILE_PARSER_PACKAGES);
const detectionBytesOf = bytesOf(NETLIFY_DETECTION_PACKAGES);

describe('Lambda bundle budget', () => {
  it('finds every function of the app (API domains and processing tasks)', () => {
    const names = functions.map((fn) => fn.name);
    expect(names).toContain('CatalogFunction');
    expect(names).toContain('ScanFunction');
    expect(functions.length).toBeGreaterThanOrEqual(15);
    // Each is named once, so each line below is one function's.
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(functions)(
    'bundles $name within 280 KB minified (plus stripe-node, Octokit or @netlify/api where it calls them)',
    async (fn) => {
      const bundle = await bundleOf(fn);
      const largest = bundle.packages
        .slice(0, 5)
        .map(([name, bytes]) => `${name} ${(bytes / 1024).toFixed(0)} KB`)
        .join(', ');
      const stripeBytes = bundle.packages.find(([name]) => name === 'stripe')?.[1] ?? 0;
      const octokitBytes = octokitBytesOf(bundle.packages);
      const netlifyBytes = netlifyBytesOf(bundle.packages);
      const cvssBytes = bundle.packages.find(([name]) => name === 'ae-cvss-calculator')?.[1] ?? 0;
      const parserBytes = lockFileParserBytesOf(bundle.packages);
      const detectionBytes = detectionBytesOf(bundle.packages);
      const unrarBytes = bundle.packages.find(([name]) => name === 'node-unrar-js')?.[1] ?? 0;
      // The allowances cover the official clients, the CVSS calculator, the lock-file parsers and
      // unrar's glue only, never what comes with them.
      expect(stripeBytes).toBeLessThanOrEqual(STRIPE_CLIENT_ALLOWANCE_BYTES);
      expect(octokitBytes).toBeLessThanOrEqual(OCTOKIT_CLIENT_ALLOWANCE_BYTES);
      expect(netlifyBytes).toBeLessThanOrEqual(NETLIFY_CLIENT_ALLOWANCE_BYTES);
      expect(cvssBytes).toBeLessThanOrEqual(CVSS_CALCULATOR_ALLOWANCE_BYTES);
      expect(parserBytes).toBeLessThanOrEqual(LOCK_FILE_PARSERS_ALLOWANCE_BYTES);
      expect(detectionBytes).toBeLessThanOrEqual(NETLIFY_DETECTION_ALLOWANCE_BYTES);
      expect(unrarBytes).toBeLessThanOrEqual(RAR_READER_ALLOWANCE_BYTES);
      const allowed =
        stripeBytes + octokitBytes + netlifyBytes + cvssBytes + parserBytes + detectionBytes;
      expect(
        bundle.bytes - allowed - unrarBytes,
        `${fn.name} is ${(bundle.bytes / 1024).toFixed(0)} KB (largest: ${largest})`,
      ).toBeLessThanOrEqual(LAMBDA_BUNDLE_BUDGET_BYTES);
    },
  );

  it.each(functions)(
    'imports $name within 280 KB at a cold start, the official clients left to first use',
    async (fn) => {
      const bundle = await bundleOf(fn);
      const parts = bundle.startPackages.map(([name]) => name);
      // What a cold start imports: the entry and its static chunks, never a client of a service.
      expect(parts).not.toContain('stripe');
      expect(parts).not.toContain('ae-cvss-calculator');
      expect(octokitBytesOf(bundle.startPackages)).toBe(0);
      expect(netlifyBytesOf(bundle.startPackages)).toBe(0);
      expect(lockFileParserBytesOf(bundle.startPackages)).toBe(0);
      expect(parts).not.toContain('@netlify/build-info');
      expect(bundle.startBytes).toBeLessThanOrEqual(bundle.bytes);
      expect(
        bundle.startBytes,
        `${fn.name} imports ${(bundle.startBytes / 1024).toFixed(0)} KB at start`,
      ).toBeLessThanOrEqual(LAMBDA_BUNDLE_BUDGET_BYTES);
    },
  );

  it('leaves each official client to a chunk of its own, loaded on first use', async () => {
    const billing = functions.find((fn) => fn.name === 'BillingFunction')!;
    const bundle = await bundleOf(billing);
    const stripeBytes = bundle.packages.find(([name]) => name === 'stripe')?.[1] ?? 0;
    expect(stripeBytes).toBeGreaterThan(100 * 1024);
    expect(bundle.bytes - bundle.startBytes).toBeGreaterThanOrEqual(stripeBytes);
  });

  it('imports CommonJS on first use only where the importer reads its default export', async () => {
    const lazy = new Set<string>();
    for (const fn of functions) (await bundleOf(fn)).lazyCommonJs.forEach((m) => lazy.add(m));
    // lambdas/shared/archives/unrar.ts, lambdas/security/severity.ts and
    // lambdas/security/lockfiles/parsers.ts read `default` where it holds the exports. A new entry
    // here needs the same.
    expect([...lazy].sort()).toEqual([
      'node_modules/@yarnpkg/lockfile/index.js',
      'node_modules/ae-cvss-calculator/dist/ae-cvss-calculator.js',
      'node_modules/node-unrar-js/dist/js/unrar.singleton.js',
      'node_modules/yaml/dist/index.js',
    ]);
  });

  it('leaves unrar to the first RAR bundle the security audit reads', async () => {
    const audit = functions.find((fn) => fn.name === 'SecurityAuditFunction')!;
    const bundle = await bundleOf(audit);
    expect(bundle.packages.map(([name]) => name)).toContain('node-unrar-js');
    expect(bundle.startPackages.map(([name]) => name)).not.toContain('node-unrar-js');
  });

  it('carries stripe-node only in the functions that call Stripe', async () => {
    const withStripe: string[] = [];
    for (const fn of functions) {
      const bundle = await bundleOf(fn);
      if (bundle.packages.some(([name]) => name === 'stripe')) withStripe.push(fn.name);
    }
    expect(withStripe.sort()).toEqual(
      [
        // Closing an account ends its subscription with the paid period.
        'AccountFunction',
        'BillingFunction',
        'PayoutsFunction',
        'RefundsFunction',
        'TransferPayoutFunction',
      ].sort(),
    );
  });

  it('carries Octokit only in the functions that call GitHub', async () => {
    const withOctokit: string[] = [];
    for (const fn of functions) {
      const bundle = await bundleOf(fn);
      if (octokitBytesOf(bundle.packages) > 0) withOctokit.push(fn.name);
    }
    expect(withOctokit.sort()).toEqual(
      [
        'FetchArchiveFunction',
        'GithubFunction',
        'RegisterVersionFunction',
        // Buyer deploys: the buyer's repository and its deploy key, and upgrade pull requests.
        'DeploymentsFunction',
        'CreateRepositoryFunction',
        'CreateSiteFunction',
        'OpenUpgradeFunction',
      ].sort(),
    );
  });

  it('carries @netlify/api only in the functions that call Netlify', async () => {
    const withNetlify: string[] = [];
    for (const fn of functions) {
      const bundle = await bundleOf(fn);
      if (netlifyBytesOf(bundle.packages) > 0) withNetlify.push(fn.name);
    }
    expect(withNetlify.sort()).toEqual(
      ['DeploymentsFunction', 'CreateSiteFunction', 'CheckSiteFunction'].sort(),
    );
  });
});
