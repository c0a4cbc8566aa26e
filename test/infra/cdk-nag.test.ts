/**
 * cdk-nag 3 runs as a CDK validation plugin: an unacknowledged finding makes `app.synth()` throw.
 * These tests prove the real app passes, that every acknowledgement carries a reason, and that the
 * check is live (a deliberately non-compliant construct IS reported).
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { UserPool } from 'aws-cdk-lib/aws-cognito';
import { Bucket, BucketEncryption, BlockPublicAccess } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { Auth } from '../../lib/constructs/auth';
import { synthApp } from '../fixtures/synth';

interface ValidationReport {
  pluginReports: { pluginName: string; conclusion: string; violations: { ruleName: string }[] }[];
}

const throwawayApp = (): { app: App; stack: Stack } => {
  const app = new App({ outdir: mkdtempSync(path.join(tmpdir(), 'nag-test-')) });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack: new Stack(app, 'Throwaway') };
};

/** Every `Validations.of(x).acknowledge(...)` in the tree: rule id → reason, by construct path. */
const acknowledgementsIn = (root: IConstruct): { path: string; id: string; reason: string }[] =>
  root.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(entry.data as Record<string, string>).map(([id, reason]) => ({
          path: construct.node.path,
          id: id.replace(/^annotation::/i, ''),
          reason,
        })),
      ),
  );

describe('cdk-nag AwsSolutions', () => {
  it('synthesises the app with no unacknowledged finding', () => {
    const { assembly } = synthApp(); // throws on any unacknowledged finding
    const report = JSON.parse(
      readFileSync(path.join(assembly.directory, 'validation-report.json'), 'utf8'),
    ) as ValidationReport;
    // A plugin with nothing to report is left out of the report; any that is there must pass.
    for (const plugin of report.pluginReports) {
      expect(plugin.conclusion, plugin.pluginName).toBe('success');
      expect(plugin.violations, plugin.pluginName).toEqual([]);
    }
  });

  it('acknowledges findings only with a written reason', () => {
    const { stack } = synthApp();
    // CDK acknowledges some of its own CloudFormation-Validate warnings; ours are the AwsSolutions ones.
    const acknowledgements = acknowledgementsIn(stack).filter((ack) => !ack.id.includes('::'));
    expect(acknowledgements.length).toBeGreaterThan(0);
    for (const { path: at, id, reason } of acknowledgements) {
      expect(id, at).toMatch(/^AwsSolutions-[A-Z]+\d+(\[.+\])?$/);
      expect(reason.trim().length, `${id} at ${at}`).toBeGreaterThan(30);
    }
    // The product's password rule is the reason the Cognito finding is acknowledged.
    expect(acknowledgements.find((ack) => ack.id === 'AwsSolutions-COG1')?.reason).toMatch(/6/);
  });

  it('reports a bucket without enforceSSL (the check can fail)', () => {
    const { app, stack } = throwawayApp();
    new Bucket(stack, 'Careless', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    });
    expect(() => app.synth()).toThrow(/AwsSolutions-S10/);
  });

  it('reports a 6-character password policy unless it is acknowledged as our Auth does', () => {
    const bare = throwawayApp();
    new UserPool(bare.stack, 'Pool', { passwordPolicy: { minLength: 6 } });
    expect(() => bare.app.synth()).toThrow(/AwsSolutions-COG1/);

    const ours = throwawayApp();
    new Auth(ours.stack, 'Auth', { retainData: false });
    expect(() => ours.app.synth()).not.toThrow();
  });
});
