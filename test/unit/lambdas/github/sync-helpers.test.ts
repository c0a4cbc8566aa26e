/**
 * The pure parts of GitHub sync: the version bump (patch by default; major, minor,
 * patch), the changelog from commit subjects, and the webhook signature check (constant time,
 * `sha256=` + hex HMAC of the raw body).
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { changelogOf } from '../../../../lambdas/github/tasks/register-version';
import { verifyGithubSignature } from '../../../../lambdas/shared/adapters/github';
import {
  bumpFromCommits,
  bumpVersion,
  largerBump,
} from '../../../../lambdas/templates/github-sync';

describe('bumpVersion', () => {
  it.each([
    ['1.0.0', 'patch', '1.0.1'],
    ['1.2.9', 'patch', '1.2.10'],
    ['1.2.3', 'minor', '1.3.0'],
    ['1.2.3', 'major', '2.0.0'],
    ['v2.1', 'patch', '2.1.1'],
    ['3', 'patch', '3.0.1'],
    ['beta', 'patch', '1.0.1'],
  ] as const)('%s + %s → %s', (current, bump, next) => {
    expect(bumpVersion(current, bump)).toBe(next);
  });

  it('bumps patch by default', () => {
    expect(bumpVersion('1.4.2')).toBe('1.4.3');
  });
});

describe('changelogOf', () => {
  it('lists commit subjects newest first, without bodies', () => {
    expect(changelogOf(['First\n\nbody', 'Second', '  '])).toBe('- Second\n- First');
  });

  it('is null without messages and caps long histories', () => {
    expect(changelogOf([])).toBeNull();
    const many = Array.from({ length: 25 }, (_, i) => `Commit ${i}`);
    const text = changelogOf(many)!;
    expect(text.split('\n')).toHaveLength(21);
    expect(text.startsWith('- Commit 24')).toBe(true);
    expect(text.endsWith('- …and 5 more')).toBe(true);
  });
});

describe('verifyGithubSignature', () => {
  const body = '{"ref":"refs/heads/main"}';
  const signature = `sha256=${createHmac('sha256', 'secret').update(body).digest('hex')}`;

  it('accepts the HMAC of the raw body under the secret', () => {
    expect(verifyGithubSignature(body, signature, 'secret')).toBe(true);
  });

  it('refuses another secret, another body, a missing or malformed header', () => {
    expect(verifyGithubSignature(body, signature, 'other')).toBe(false);
    expect(verifyGithubSignature(`${body} `, signature, 'secret')).toBe(false);
    expect(verifyGithubSignature(body, undefined, 'secret')).toBe(false);
    expect(verifyGithubSignature(body, signature.replace('sha256=', 'sha1='), 'secret')).toBe(
      false,
    );
    expect(verifyGithubSignature(body, 'sha256=abc', 'secret')).toBe(false);
  });
});

describe('bumpFromCommits', () => {
  it.each([
    [['fix: typo', 'docs: readme'], 'patch'],
    [['chore: deps', 'feat: dark mode'], 'minor'],
    [['feat(auth): magic links'], 'minor'],
    [['feat!: new routing'], 'major'],
    [['fix(api)!: drop v1 endpoints'], 'major'],
    [['feat: billing', 'refactor: x\n\nBREAKING CHANGE: the config moved'], 'major'],
    [['Update README', 'featuring a new logo'], 'patch'],
    [[], 'patch'],
  ] as const)('%j → %s', (messages, bump) => {
    expect(bumpFromCommits(messages)).toBe(bump);
  });

  it('never lowers the bump asked for', () => {
    expect(largerBump('patch', 'minor')).toBe('minor');
    expect(largerBump('major', 'patch')).toBe('major');
  });
});
