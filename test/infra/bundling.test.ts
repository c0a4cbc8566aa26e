/**
 * The one test that bundles for real: a MarketplaceFunction built with the local esbuild (never
 * Docker), as `cdk synth`/`cdk deploy` do, producing a minified ESM bundle with a source map.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { MarketplaceFunction } from '../../lib/constructs/marketplace-function';

describe('MarketplaceFunction bundling', () => {
  it('bundles lambdas/catalog/index.ts with the local esbuild into index.mjs plus a source map', () => {
    const outdir = mkdtempSync(path.join(tmpdir(), 'bundle-test-'));
    // Without a Docker binary on PATH a fallback to Docker bundling could only fail loudly.
    const app = new App({ outdir, context: { 'aws:cdk:enable-asset-metadata': true } });
    const stack = new Stack(app, 'Bundle');
    const fn = new MarketplaceFunction(stack, 'Catalog', {
      domain: 'catalog',
      environment: { TABLE_NAME: 'table' },
    });
    const assembly = app.synth();

    const template = assembly.getStackByName('Bundle').template as {
      Resources: Record<string, { Type: string; Metadata?: Record<string, string> }>;
    };
    const logicalId = stack.resolve(stack.getLogicalId(fn.node.defaultChild as never)) as string;
    const assetPath = template.Resources[logicalId]?.Metadata?.['aws:asset:path'];
    expect(assetPath).toBeDefined();
    const bundleDir = path.join(outdir, assetPath as string);
    const bundle = readFileSync(path.join(bundleDir, 'index.mjs'), 'utf8');

    expect(existsSync(path.join(bundleDir, 'index.mjs.map'))).toBe(true);
    // ESM output with the createRequire banner, minified (long lines), exporting `handler`.
    expect(bundle.startsWith('import { createRequire }')).toBe(true);
    expect(bundle).toMatch(/export\s*\{[^}]*\bhandler\b[^}]*\}/);
    // (Template literals keep their newlines, so measure the average line, not the line count.)
    expect(bundle.length / bundle.split('\n').length).toBeGreaterThan(500);
    expect(bundle).toContain('//# sourceMappingURL=index.mjs.map');
  });
});
