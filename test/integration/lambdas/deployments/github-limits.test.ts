/**
 * Buyer deploys within GitHub's secondary limit on content-creating requests, against a local
 * GitHub server of this file's own whose limit windows are shortened (25 requests per 4 s instead
 * of 80 a minute), through the buyers' client as the deploy steps build it (throttled and
 * retried) and git-writer.ts: a 3,000-file template, built in memory, lands whole in one commit
 * after waiting out the refusals, with its text files inline (the server counts the content
 * requests: one blob per binary file only); a 429 with `retry-after` is retried after that time;
 * a wait longer than a step can spend reaches the step as GithubRateLimitedError.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buyerOctokit, LIMIT_WAIT } from '../../../../lambdas/shared/adapters/github-throttle';
import {
  branchHead,
  commitFiles,
  TREE_SLICE_ENTRIES,
} from '../../../../lambdas/deployments/git-writer';
import type { BundleFile } from '../../../../lambdas/deployments/bundle-files';
import {
  GithubRateLimitedError,
  throwIfRateLimited,
} from '../../../../lambdas/deployments/steps/common';
import { startLocalGithub, type LocalGithub } from '../../../../lib/local/servers/github/index';

const FILES = 3_000;
const BINARY = 30;
const silentLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

let github: LocalGithub;
let token: string;

beforeAll(async () => {
  github = await startLocalGithub({ port: 0 });
});

afterAll(async () => {
  await github.stop();
});

beforeEach(async () => {
  await github.control.reset();
  await github.control.createUser({ login: 'limited-buyer' });
  token = await github.control.createToken('limited-buyer', ['repo']);
});

/** The buyers' client, sending writes as fast as the server lets it (no 1 s spacing). */
const client = () =>
  buyerOctokit({ baseUrl: github.endpoint, auth: token, log: silentLog, writeIntervalMs: 0 });

const gitBlobSha = (bytes: Uint8Array) =>
  createHash('sha1')
    .update(Buffer.concat([Buffer.from(`blob ${bytes.length}\0`), bytes]))
    .digest('hex');

/** A file of the template as the bundle reader gives it, with its bytes kept for the checks. */
const fileOf = (file: { path: string; bytes: Uint8Array; executable: boolean }) => ({
  ...file,
  size: file.bytes.length,
  read: async () => file.bytes,
});

/** Source-like text in folders of 100, every 100th file binary (a NUL byte, invalid UTF-8). */
const template = (): (BundleFile & { bytes: Uint8Array })[] =>
  Array.from({ length: FILES }, (_, index) => {
    const folder = `src/part-${Math.floor(index / 100)}`;
    if (index % (FILES / BINARY) === 0)
      return fileOf({
        path: `${folder}/image-${index}.png`,
        bytes: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, index % 256, 0xfe]),
        executable: false,
      });
    return fileOf({
      path: `${folder}/file-${index}.ts`,
      bytes: Buffer.from(`export const value${index} = 'ünïcode ${index}';\n`),
      executable: index === 1,
    });
  });

const newRepository = async (octokit: ReturnType<typeof client>, name: string) => {
  const { data } = await octokit.rest.repos.createForAuthenticatedUser({
    name,
    private: true,
    auto_init: true,
  });
  return { owner: data.owner.login, repo: data.name, branch: data.default_branch };
};

describe("deploys within GitHub's secondary limit", () => {
  it('a 3,000-file template lands whole after waiting out the limit, its text inline', async () => {
    // A window long enough that its first 21 requests fall inside it even on a busy machine (a
    // fresh clone's run beside other work took over 8 s for them, and nothing was refused): the
    // 21st is refused and the writer waits for the window to have room, twice in all (~40 s).
    await github.control.secondaryLimit({ per_minute: 20, minute_ms: 20_000 });
    const octokit = client();
    const files = template();
    const target = await newRepository(octokit, 'big-template');
    const parentSha = await branchHead(octokit, target);
    const sha = await commitFiles(octokit, { ...target, parentSha, files, message: 'Template' });
    await octokit.rest.git.updateRef({ ...target, ref: `heads/${target.branch}`, sha });

    const { data: commit } = await octokit.rest.git.getCommit({ ...target, commit_sha: sha });
    expect(commit.parents.map((parent) => parent.sha)).toEqual([parentSha]);
    const { data: tree } = await octokit.rest.git.getTree({
      ...target,
      tree_sha: commit.tree.sha,
      recursive: 'true',
    });
    const blobs = new Map(
      tree.tree.filter((entry) => entry.type === 'blob').map((entry) => [entry.path!, entry]),
    );
    // Exactly the template's files (the auto_init README is not kept), byte for byte.
    expect(blobs.size).toBe(FILES);
    for (const file of files)
      expect(blobs.get(file.path)?.sha, file.path).toBe(gitBlobSha(file.bytes));
    expect(blobs.get('src/part-0/file-1.ts')?.mode).toBe('100755');

    const { usage } = await github.control.secondaryLimit();
    // The repository, one blob per binary file, the tree in slices, the commit, the ref.
    expect(usage.admitted).toBe(1 + BINARY + Math.ceil(FILES / TREE_SLICE_ENTRIES) + 1 + 1);
    expect(usage.refused).toBeGreaterThan(0);
  }, 150_000);

  it('a 429 with retry-after is retried after the time it gives', async () => {
    await github.control.secondaryLimit({ per_minute: 2, minute_ms: 1_500, status: 429 });
    const octokit = client();
    const target = await newRepository(octokit, 'retried');
    const started = Date.now();
    const shas: string[] = [];
    for (const text of ['one', 'two', 'three']) {
      const { data } = await octokit.rest.git.createBlob({ ...target, content: text });
      shas.push(data.sha);
    }
    expect(shas).toEqual(['one', 'two', 'three'].map((text) => gitBlobSha(Buffer.from(text))));
    // The third write waited for the window to have room again (retry-after: 1 or 2 s).
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    const { usage } = await github.control.secondaryLimit();
    expect(usage.refused).toBeGreaterThanOrEqual(1);
    expect(usage.admitted).toBe(4);
  }, 20_000);

  it('a wait longer than a step can spend reaches the step as GithubRateLimitedError', async () => {
    const window = (LIMIT_WAIT.eachSeconds + 30) * 1000;
    await github.control.secondaryLimit({ per_minute: 1, minute_ms: window });
    const octokit = client();
    const target = await newRepository(octokit, 'too-long');
    const refused = await octokit.rest.git.createBlob({ ...target, content: 'refused' }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ status: 403 });
    expect((refused as Error).message).toMatch(/secondary rate limit/);
    // Not retried: the client gave the wait back at once.
    expect((await github.control.secondaryLimit()).usage.refused).toBe(1);
    let thrown: unknown;
    try {
      throwIfRateLimited(refused);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(GithubRateLimitedError);
    expect(thrown).toMatchObject({ name: 'GithubRateLimitedError' });
    expect((thrown as GithubRateLimitedError).retryAfterSeconds).toBeGreaterThan(
      LIMIT_WAIT.eachSeconds,
    );
    // Any other refusal is not a limit.
    expect(() =>
      throwIfRateLimited(Object.assign(new Error('Not Found'), { name: 'HttpError', status: 404 })),
    ).not.toThrow();
  }, 20_000);
});
