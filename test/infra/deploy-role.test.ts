/**
 * The GitHub Actions deploy role: a stack of its own, only with `githubRepo`; trusted by GitHub's
 * OIDC tokens for that repository's jobs in the GitHub environment named after the stage
 * (audience STS) and nothing else; allowed only to assume the CDK bootstrap roles cdk deploy
 * uses; cdk-nag clean (the synth runs the checks).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../lib/stacks/create-app';
import { PROD_CONTEXT } from '../fixtures/synth';

const synth = (context: Record<string, unknown>) => {
  const outdir = mkdtempSync(path.join(tmpdir(), 'infra-test-'));
  const created = createApp({
    context: { 'aws:cdk:bundling-stacks': [], ...context },
    outdir,
    frontendDist: path.join(outdir, 'no-frontend-build'),
  });
  created.app.synth();
  return created;
};

type Statement = {
  Effect: string;
  Action: string | string[];
  Principal?: Record<string, unknown>;
  Condition?: Record<string, Record<string, string>>;
  Resource?: unknown;
};

let template: Template;
let stackName: string;

beforeAll(() => {
  const { deployRole } = synth({ ...PROD_CONTEXT, githubRepo: 'acme/marketplace' });
  expect(deployRole).toBeDefined();
  stackName = deployRole!.stackName;
  template = Template.fromStack(deployRole!);
});

const roleTrust = (): Statement[] => {
  const roles = Object.values(template.findResources('AWS::IAM::Role'));
  expect(roles).toHaveLength(1);
  return roles[0]!.Properties.AssumeRolePolicyDocument.Statement as Statement[];
};

describe('deploy role', () => {
  it('is its own stack, DeployRole-<stage>, and absent without githubRepo', () => {
    expect(stackName).toBe('DeployRole-prod');
    expect(synth(PROD_CONTEXT).deployRole).toBeUndefined();
  });

  it('creates the GitHub OIDC provider for the STS audience', () => {
    template.hasResourceProperties('AWS::IAM::OIDCProvider', {
      Url: 'https://token.actions.githubusercontent.com',
      ClientIdList: ['sts.amazonaws.com'],
    });
  });

  it('trusts only jobs of this repository’s environment prod, audience STS', () => {
    const trust = roleTrust();
    expect(trust).toHaveLength(1);
    const [statement] = trust;
    expect(statement).toMatchObject({
      Effect: 'Allow',
      Action: 'sts:AssumeRoleWithWebIdentity',
      Principal: { Federated: { 'Fn::GetAtt': [expect.any(String), 'Arn'] } },
    });
    // Exactly these, compared for equality: no pattern could let in a branch, a tag outside the
    // environment, a pull request or another repository.
    expect(statement!.Condition).toEqual({
      StringEquals: {
        'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com',
        'token.actions.githubusercontent.com:sub': 'repo:acme/marketplace:environment:prod',
      },
    });
  });

  it('may only assume the bootstrap roles cdk deploy uses: deploy, file publishing, lookup', () => {
    const policies = Object.values(template.findResources('AWS::IAM::Policy'));
    const statements = policies.flatMap(
      (policy) => policy.Properties.PolicyDocument.Statement as Statement[],
    );
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatchObject({ Effect: 'Allow', Action: 'sts:AssumeRole' });
    const resources = JSON.stringify(statements[0]!.Resource);
    for (const kind of ['deploy', 'file-publishing', 'lookup']) {
      expect(resources).toContain(`:role/cdk-hnb659fds-${kind}-role-`);
    }
    // Not every cdk-hnb659fds-* role, not the image publishing role the app has no use for.
    expect(resources).not.toContain(':role/cdk-hnb659fds-*');
    expect(resources).not.toContain('image-publishing');
    expect((statements[0]!.Resource as unknown[]).length).toBe(3);
    const role = Object.values(template.findResources('AWS::IAM::Role'))[0]!;
    expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    expect(role.Properties.MaxSessionDuration).toBe(3600);
  });

  it('reuses an existing provider when its ARN is given', () => {
    const arn = 'arn:aws:iam::123456789012:oidc-provider/token.actions.githubusercontent.com';
    const { deployRole } = synth({ githubRepo: 'acme/marketplace', githubOidcProviderArn: arn });
    const reused = Template.fromStack(deployRole!);
    reused.resourceCountIs('AWS::IAM::OIDCProvider', 0);
    const role = Object.values(reused.findResources('AWS::IAM::Role'))[0]!;
    expect(JSON.stringify(role.Properties.AssumeRolePolicyDocument)).toContain(arn);
  });

  it('refuses a repository that is not owner/name', () => {
    expect(() => createApp({ context: { githubRepo: 'acme' } })).toThrow(
      /"githubRepo" must be owner\/name/,
    );
    expect(() => createApp({ context: { githubRepo: 'acme/x:ref:*' } })).toThrow(
      /"githubRepo" must be owner\/name/,
    );
  });
});
