/**
 * Where Continue resumes a deployment from: its last finished step, and only once it has stopped
 * (failed, waiting for Netlify's authorisation, or silent for longer than any step runs).
 */
import { describe, expect, it } from 'vitest';
import { DEPLOYMENT_STALLED_AFTER_MS, DEPLOY_MESSAGES } from '../../../../contract/deployments';
import { continuePointOf } from '../../../../lambdas/deployments/continue';
import type { DeploymentItem } from '../../../../lambdas/deployments/repo';

const NOW = Date.parse('2026-12-06T12:00:00Z');
const at = (msAgo: number) => new Date(NOW - msAgo).toISOString();

const deployment = (fields: Partial<DeploymentItem>): DeploymentItem => ({
  id: '01J00000000000000000000000',
  user_id: 'buyer',
  mvp_id: 'template',
  repo_name: 'shop',
  status: 'initializing',
  mvp_title: 'Shop',
  mvp_slug: 'shop',
  created_at: at(DEPLOYMENT_STALLED_AFTER_MS * 2),
  updated_at: at(1000),
  ...fields,
});

const repositoryDone = { head_sha: 'a'.repeat(40), github_repo_url: 'https://github.com/b/shop' };

describe('Continue resumes', () => {
  it('nothing while a step runs, nor once the site is live', () => {
    expect(continuePointOf(deployment({ status: 'initializing' }), NOW)).toBeNull();
    expect(
      continuePointOf(deployment({ status: 'processing', ...repositoryDone }), NOW),
    ).toBeNull();
    expect(continuePointOf(deployment({ status: 'completed', ...repositoryDone }), NOW)).toBeNull();
    expect(continuePointOf(deployment({ status: 'deployed', ...repositoryDone }), NOW)).toBeNull();
  });

  it('the repository step when its commit was not made', () => {
    expect(continuePointOf(deployment({ status: 'failed' }), NOW)).toBe('repository');
    // The repository exists, the files were not committed.
    expect(
      continuePointOf(
        deployment({ status: 'failed', github_repo_url: 'https://github.com/b/shop' }),
        NOW,
      ),
    ).toBe('repository');
  });

  it('Netlify’s authorisation when it was never given for the deployment', () => {
    expect(continuePointOf(deployment({ status: 'repo_created', ...repositoryDone }), NOW)).toBe(
      'netlify',
    );
    expect(continuePointOf(deployment({ status: 'failed', ...repositoryDone }), NOW)).toBe(
      'netlify',
    );
  });

  it('Netlify’s authorisation again when Netlify refused the token it was given', () => {
    expect(
      continuePointOf(
        deployment({
          status: 'failed',
          ...repositoryDone,
          netlify_authorized_at: at(5000),
          error_message: DEPLOY_MESSAGES.netlifyTokenRevoked,
        }),
        NOW,
      ),
    ).toBe('netlify');
  });

  it('the site step once Netlify was authorised', () => {
    expect(
      continuePointOf(
        deployment({ status: 'failed', ...repositoryDone, netlify_authorized_at: at(5000) }),
        NOW,
      ),
    ).toBe('site');
  });

  it('a step that wrote nothing for longer than any step runs (its process ended)', () => {
    const silent = at(DEPLOYMENT_STALLED_AFTER_MS);
    const justUnder = at(DEPLOYMENT_STALLED_AFTER_MS - 1000);
    expect(continuePointOf(deployment({ updated_at: silent }), NOW)).toBe('repository');
    expect(continuePointOf(deployment({ updated_at: justUnder }), NOW)).toBeNull();
    expect(
      continuePointOf(
        deployment({
          status: 'processing',
          ...repositoryDone,
          netlify_authorized_at: at(DEPLOYMENT_STALLED_AFTER_MS * 2),
          updated_at: silent,
        }),
        NOW,
      ),
    ).toBe('site');
  });
});
