/**
 * Which run of a deploy step resumes a commit GitHub interrupted: only the same step, for the same
 * version on the same parent commit; anything else (or nothing saved) starts over.
 */
import { describe, expect, it } from 'vitest';
import type { DeploymentItem } from '../../../../lambdas/deployments/repo';
import { writeProgressOf } from '../../../../lambdas/deployments/steps/write-progress';

const saved = {
  step: 'repository' as const,
  version: '1.2.0',
  parent_sha: 'a'.repeat(40),
  tree_sha: 'b'.repeat(40),
  entries: 200,
  blobs: [{ path: 'public/logo.png', sha: 'c'.repeat(40) }],
};

const deployment = (writeProgress?: typeof saved) =>
  ({
    id: 'deployment-1',
    user_id: 'buyer-1',
    mvp_id: 'template-1',
    repo_name: 'shop',
    status: 'initializing',
    mvp_title: 'Shop',
    mvp_slug: 'shop',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...(writeProgress && { write_progress: writeProgress }),
  }) satisfies DeploymentItem;

const target = { step: saved.step, version: saved.version, parent_sha: saved.parent_sha };

describe('writeProgressOf', () => {
  it('resumes the same step, version and parent from the tree and blobs saved', () => {
    expect(writeProgressOf(deployment(saved), target).resume).toEqual({
      tree: saved.tree_sha,
      entries: 200,
      blobs: saved.blobs,
    });
  });

  it('starts over for another version, parent or step, or when nothing is saved', () => {
    for (const other of [
      { ...target, version: '1.3.0' },
      { ...target, parent_sha: 'd'.repeat(40) },
      { ...target, step: 'upgrade' as const },
    ])
      expect(writeProgressOf(deployment(saved), other).resume).toBeUndefined();
    expect(writeProgressOf(deployment(), target).resume).toBeUndefined();
  });
});
