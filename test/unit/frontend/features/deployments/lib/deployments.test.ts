/** The buyer deployment's repository-name rule and status polling. */
import { describe, expect, it } from 'vitest';
import {
  DEPLOYMENT_POLL_INTERVAL_MS,
  DEPLOYMENT_POLL_LIMIT_MS,
  deploymentPhase,
  deploymentStatusColor,
  deploymentStatusLabel,
  isDeploymentPending,
  pollInterval,
  pollTimedOut,
} from '../../../../../../frontend/src/features/deployments/lib/deployment-status';
import {
  isSubmittableRepoName,
  normaliseRepoName,
  suggestRepoName,
  unusedRepoName,
} from '../../../../../../frontend/src/features/deployments/lib/repo-name';

describe('repository name', () => {
  it('lowercases and turns every other character into a hyphen', () => {
    expect(normaliseRepoName('My App')).toBe('my-app');
    expect(normaliseRepoName('Shop_2.0!')).toBe('shop_2-0-');
    expect(normaliseRepoName('ÄBC/def')).toBe('-bc-def');
    expect(normaliseRepoName('ok-name_1')).toBe('ok-name_1');
  });

  it('is idempotent', () => {
    const once = normaliseRepoName('Hello, World 42');
    expect(normaliseRepoName(once)).toBe(once);
  });

  it('needs a non-empty name of at most 100 characters', () => {
    expect(isSubmittableRepoName('')).toBe(false);
    expect(isSubmittableRepoName(' ')).toBe(true); // a hyphen, as the product's rule gives
    expect(isSubmittableRepoName('a'.repeat(100))).toBe(true);
    expect(isSubmittableRepoName('a'.repeat(101))).toBe(false);
  });

  it('suggests the slug, normalised', () => {
    expect(suggestRepoName('SaaS Starter')).toBe('saas-starter');
    expect(suggestRepoName(undefined)).toBe('');
  });
});

describe('a new copy’s name', () => {
  it('is the suggestion while no deployment of the buyer uses it, else the next numbered copy', () => {
    expect(unusedRepoName('shop', [])).toBe('shop');
    expect(unusedRepoName('shop', ['shop'])).toBe('shop-2');
    expect(unusedRepoName('shop', ['shop', 'shop-2', 'other'])).toBe('shop-3');
  });

  it('stays within GitHub’s 100 characters', () => {
    const long = 'a'.repeat(100);
    const copy = unusedRepoName(long, [long]);
    expect(copy).toHaveLength(100);
    expect(copy.endsWith('-2')).toBe(true);
  });
});

describe('deployment status', () => {
  it('groups the states', () => {
    for (const status of ['initializing', 'repo_created', 'processing', undefined])
      expect(deploymentPhase(status)).toBe('pending');
    expect(deploymentPhase('deployed')).toBe('succeeded');
    expect(deploymentPhase('completed')).toBe('succeeded');
    expect(deploymentPhase('error')).toBe('failed');
    expect(deploymentPhase('failed')).toBe('failed');
  });

  it('labels and colours the badges', () => {
    expect(deploymentStatusLabel('repo_created')).toBe('Repository created');
    expect(deploymentStatusColor('completed')).toBe('green');
    expect(deploymentStatusColor('error')).toBe('red');
    expect(deploymentStatusColor('processing')).toBe('blue');
  });

  it('polls every 5 s while pending, for at most 10 minutes', () => {
    const start = 1_000_000;
    expect(pollInterval('processing', start, start)).toBe(DEPLOYMENT_POLL_INTERVAL_MS);
    expect(pollInterval(undefined, start, start + 1000)).toBe(5000);
    expect(pollInterval('processing', start, start + DEPLOYMENT_POLL_LIMIT_MS - 1)).toBe(5000);
    expect(pollInterval('processing', start, start + DEPLOYMENT_POLL_LIMIT_MS)).toBe(false);
    expect(pollTimedOut('processing', start, start + DEPLOYMENT_POLL_LIMIT_MS)).toBe(true);
  });

  it('counts a stopped deployment (Continue) as not running', () => {
    expect(isDeploymentPending({ status: 'processing', can_continue: false })).toBe(true);
    expect(isDeploymentPending({ status: 'repo_created', can_continue: true })).toBe(false);
    expect(isDeploymentPending({ status: 'failed', can_continue: true })).toBe(false);
    expect(isDeploymentPending({ status: 'completed', can_continue: false })).toBe(false);
  });

  it('stops polling once the deployment has ended', () => {
    expect(pollInterval('deployed', 0, 0)).toBe(false);
    expect(pollInterval('failed', 0, 0)).toBe(false);
    expect(pollTimedOut('completed', 0, DEPLOYMENT_POLL_LIMIT_MS * 2)).toBe(false);
  });
});
