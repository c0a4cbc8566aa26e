/**
 * The deploy workflow read as GitHub runs it: every action pinned by a full commit SHA (a tag can
 * be moved to other code), no `${{ vars.… }}` or `${{ secrets.… }}` pasted into a script (it would
 * be run as shell code; it goes through `env:`), and the job that deploys prod waits in the GitHub
 * environment `prod`, whose reviewers approve it and whose name the deploy role trusts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { deployEnvironmentOf } from '../../../lib/stacks/deploy-role-stack';

interface Step {
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Job {
  environment?: string | { name: string };
  steps: Step[];
  env?: Record<string, string>;
  permissions?: Record<string, string>;
}
interface Workflow {
  on: unknown;
  jobs: Record<string, Job>;
}

const file = path.join(import.meta.dirname, '../../../.github/workflows/deploy.yml');
const source = readFileSync(file, 'utf8');
const workflow = parse(source) as Workflow;
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);

describe('deploy workflow', () => {
  it('pins every action by a full commit SHA, with its tag in a comment', () => {
    const used = steps.flatMap((step) => (step.uses ? [step.uses] : []));
    expect(used.length).toBeGreaterThanOrEqual(4);
    for (const uses of used) expect(uses, uses).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
    for (const line of source.split('\n').filter((text) => /^\s*-?\s*uses:/.test(text))) {
      expect(line, line).toMatch(/@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    }
  });

  it('pastes no variable or secret into a script: they reach it through env', () => {
    const scripts = steps.flatMap((step) => (step.run ? [step.run] : []));
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script, script).not.toMatch(/\$\{\{\s*(vars|secrets|github\.event|inputs)\./);
    }
    const deployStep = steps.find((step) => step.run?.includes('cdk deploy'));
    expect(deployStep?.env?.['DEPLOY_CONTEXT']).toBe('${{ vars.DEPLOY_CONTEXT }}');
  });

  it('deploys prod only from the environment prod, after the tests', () => {
    const deploying = Object.entries(workflow.jobs).filter(([, job]) =>
      job.steps.some((step) => step.run?.includes('cdk deploy')),
    );
    expect(deploying).toHaveLength(1);
    const [[name, job]] = deploying as [[string, Job]];
    const environment =
      typeof job.environment === 'string' ? job.environment : job.environment?.name;
    expect(environment).toBe('prod');
    expect(environment).toBe(deployEnvironmentOf('prod'));
    expect(job.env?.['STAGE']).toBe('prod');
    expect(job.permissions?.['id-token']).toBe('write');
    expect((workflow.jobs[name] as Job & { needs?: string }).needs).toBe('test');
    // Only the deploying job may ask GitHub for an OIDC token.
    for (const [other, otherJob] of Object.entries(workflow.jobs)) {
      if (other !== name) expect(otherJob.permissions?.['id-token'], other).toBeUndefined();
    }
  });
});
