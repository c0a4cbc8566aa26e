/**
 * The grant helpers of the house function: explicit actions, scoped resources, and the cdk-nag
 * acknowledgement that comes with each grant (so a new domain's needs pass cdk-nag by construction).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Bucket, BucketEncryption, BlockPublicAccess } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { MarketplaceFunction } from '../../lib/constructs/marketplace-function';

const setUp = () => {
  const app = new App({
    outdir: mkdtempSync(path.join(tmpdir(), 'fn-test-')),
    context: { 'aws:cdk:bundling-stacks': [] },
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const stack = new Stack(app, 'Grants');
  const bucket = new Bucket(stack, 'Files', {
    encryption: BucketEncryption.S3_MANAGED,
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
  });
  Validations.of(bucket).acknowledge({
    id: 'AwsSolutions-S1',
    reason: 'A test bucket, not deployed.',
  });
  const table = new Table(stack, 'Table', {
    partitionKey: { name: 'pk', type: AttributeType.STRING },
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
  });
  const fn = new MarketplaceFunction(stack, 'Fn', { domain: 'catalog', environment: {} });
  return { app, stack, bucket, table, fn };
};

const policyOf = (stack: Stack): string =>
  JSON.stringify(Template.fromStack(stack).findResources('AWS::IAM::Policy'));

describe('MarketplaceFunction grants', () => {
  it('bindBucket read grants GetObject under the prefix only, and passes cdk-nag', () => {
    const { app, stack, bucket, fn } = setUp();
    fn.bindBucket(bucket, 'read', 'previews/');
    expect(() => app.synth()).not.toThrow();
    const policy = policyOf(stack);
    expect(policy).toContain('"s3:GetObject"');
    expect(policy).toContain('/previews/*');
    expect(policy).not.toMatch(/s3:PutObject|s3:DeleteObject|s3:List|s3:\*/);
    // The one S3 statement names this bucket's ARN with the prefix, nothing wider.
    const statements = Object.values(
      Template.fromStack(stack).findResources('AWS::IAM::Policy'),
    ).flatMap(
      (resource) =>
        (resource as { Properties: { PolicyDocument: { Statement: unknown[] } } }).Properties
          .PolicyDocument.Statement,
    );
    const s3Statements = statements.filter((statement) =>
      JSON.stringify(statement).includes('s3:'),
    );
    expect(s3Statements).toEqual([
      expect.objectContaining({
        Effect: 'Allow',
        Action: 's3:GetObject',
        Resource: { 'Fn::Join': ['', [stack.resolve(bucket.bucketArn), '/previews/*']] },
      }),
    ]);
  });

  it('bindBucket write grants Put/Delete without Get', () => {
    const { stack, bucket, fn } = setUp();
    fn.bindBucket(bucket, 'write', 'uploads/');
    const policy = policyOf(stack);
    expect(policy).toContain('"s3:PutObject"');
    expect(policy).toContain('"s3:DeleteObject"');
    expect(policy).not.toContain('s3:GetObject');
  });

  it('bindTable read grants no write action, readWrite does, both pass cdk-nag', () => {
    const read = setUp();
    read.fn.bindTable(read.table, 'read');
    expect(() => read.app.synth()).not.toThrow();
    expect(policyOf(read.stack)).not.toMatch(/PutItem|UpdateItem|DeleteItem|BatchWriteItem/);

    const write = setUp();
    write.fn.bindTable(write.table, 'readWrite');
    expect(() => write.app.synth()).not.toThrow();
    expect(policyOf(write.stack)).toMatch(/PutItem/);
  });

  it('refuses a domain without a Lambda entry', () => {
    const { stack } = setUp();
    expect(
      () =>
        new MarketplaceFunction(stack, 'Missing', { domain: 'no-such-domain', environment: {} }),
    ).toThrow(/no Lambda entry/);
  });
});
