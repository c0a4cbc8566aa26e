/**
 * The one test that bundles for real: a MarketplaceFunction built with the local esbuild (never
 * Docker), as `cdk synth`/`cdk deploy` do, producing a minified ESM bundle with a source map,
 * split into chunks that load on first use.
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import {
  MarketplaceFunction,
  projectRoot,
  splitBundleCommand,
} from '../../lib/constructs/marketplace-function';
import { bundleFunction } from '../fixtures/lambda-bundles';
import { rarOf } from '../fixtures/archives/rar-writer';

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

    // Split by the afterBundling step: each operation's handler is a chunk beside index.mjs,
    // imported on its first request, and every chunk carries the banner and its source map.
    const chunks = readdirSync(bundleDir).filter(
      (file) => file.endsWith('.mjs') && file !== 'index.mjs',
    );
    expect(chunks.some((file) => file.startsWith('list-templates-'))).toBe(true);
    const listChunk = chunks.find((file) => file.startsWith('list-templates-'))!;
    expect(bundle).toContain(`import("./${listChunk}")`);
    for (const chunk of chunks) {
      expect(
        readFileSync(path.join(bundleDir, chunk), 'utf8').startsWith('import { createRequire }'),
      ).toBe(true);
      expect(existsSync(path.join(bundleDir, `${chunk}.map`))).toBe(true);
    }
  });

  it('builds the split bundle with the image esbuild and container paths in a Docker build', () => {
    const command = splitBundleCommand(
      '/asset-input',
      '/asset-output',
      path.join(projectRoot, 'lambdas/catalog/index.ts'),
    );
    expect(command.startsWith('esbuild --bundle /asset-input/lambdas/catalog/index.ts ')).toBe(
      true,
    );
    expect(command).toContain(' --splitting --outdir=/asset-output ');
    expect(command).toContain(" '--external:@aws-sdk/*' ");
    expect(command).not.toContain(projectRoot);
  });

  it('puts unrar.wasm beside the scan bundle, and the bundled scanner reads a RAR with it', async () => {
    // 1. The CDK asset of a function with files beside its bundle.
    const outdir = mkdtempSync(path.join(tmpdir(), 'bundle-test-'));
    const app = new App({ outdir, context: { 'aws:cdk:enable-asset-metadata': true } });
    const stack = new Stack(app, 'Bundle');
    const fn = new MarketplaceFunction(stack, 'Scan', {
      domain: 'processing',
      entry: 'processing/tasks/scan.ts',
      environment: { TABLE_NAME: 'table' },
      filesBesideBundle: ['node_modules/node-unrar-js/dist/js/unrar.wasm'],
    });
    const template = app.synth().getStackByName('Bundle').template as {
      Resources: Record<string, { Metadata?: Record<string, string> }>;
    };
    const logicalId = stack.resolve(stack.getLogicalId(fn.node.defaultChild as never)) as string;
    const bundleDir = path.join(
      outdir,
      template.Resources[logicalId]?.Metadata?.['aws:asset:path'] as string,
    );
    expect(existsSync(path.join(bundleDir, 'unrar.wasm'))).toBe(true);

    // 2. The scanner bundled the same way runs unrar from the copied binary.
    const scannerDir = mkdtempSync(path.join(tmpdir(), 'scanner-bundle-'));
    const { file } = await bundleFunction(
      { name: 'index', entry: path.join(projectRoot, 'test/fixtures/archives/scan-entry.ts') },
      scannerDir,
    );
    copyFileSync(path.join(bundleDir, 'unrar.wasm'), path.join(path.dirname(file), 'unrar.wasm'));
    const bundled = (await import(pathToFileURL(file).href)) as {
      scanRarBytes(bytes: Uint8Array, name: string): Promise<{ clean: boolean; format: string }>;
    };
    const rar = rarOf({ 'app/README.md': '# Hello\n', 'app/index.html': '<h1>Hi</h1>\n' });
    await expect(bundled.scanRarBytes(rar, 'app.rar')).resolves.toMatchObject({
      clean: true,
      format: 'rar',
    });
  });
});
