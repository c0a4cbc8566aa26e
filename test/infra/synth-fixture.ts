/**
 * Synthesises the real app (the same `createApp` as bin/app.ts) into a temporary folder, with
 * esbuild bundling skipped (`aws:cdk:bundling-stacks: []`) so template tests take seconds.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { createApp } from '../../lib/stacks/create-app';
import type { MarketplaceStack } from '../../lib/stacks/marketplace-stack';

export interface SynthesisedApp {
  readonly stack: MarketplaceStack;
  readonly assembly: CloudAssembly;
  readonly template: Template;
  readonly outdir: string;
}

export const synthApp = (context: Record<string, unknown> = {}): SynthesisedApp => {
  const outdir = mkdtempSync(path.join(tmpdir(), 'infra-test-'));
  const { app, stack } = createApp({
    context: { 'aws:cdk:bundling-stacks': [], ...context },
    outdir,
    // A folder that never holds a build: the tests must not depend on `npm run build:web`.
    frontendDist: path.join(outdir, 'no-frontend-build'),
  });
  // Throws when cdk-nag reports an unacknowledged finding (cdk-nag 3 runs as a validation plugin).
  const assembly = app.synth();
  return { stack, assembly, template: Template.fromStack(stack), outdir };
};
