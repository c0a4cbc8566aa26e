/**
 * A deploy step that GitHub's hourly limit stops resumes where it stopped: the repository step run
 * twice as the state machine runs it (the first run ends with GithubRateLimitedError, the second
 * comes "an hour later"), against a local GitHub server of this file's own whose hour is shortened,
 * DynamoDB Local and s3rver. The template lands whole, byte for byte, and the server's count of
 * content-creating requests shows that no blob or tree was written twice.
 */
import { createHash, randomUUID } from 'node:crypto';
import { Octokit } from '@octokit/rest';
import { zipSync, strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { startLocalGithub, type LocalGithub } from '../../../../lib/local/servers/github/index';

/** 260 files, every 20th binary: two slices (200 + 60 entries), 13 blobs. */
const FILES = 260;
const BINARY_EVERY = 20;
const BINARY = FILES / BINARY_EVERY;
const SLICES = 2;
/** The repository, the first slice's 10 blobs and its tree, then 2 blobs of the second slice. */
const FIRST_RUN = 14;

let github: LocalGithub;
let steps: typeof import('../../../../lambdas/deployments/steps/repository') &
  typeof import('../../../../lambdas/deployments/steps/common') &
  typeof import('../../../../lambdas/deployments/repo') &
  typeof import('../../../../lambdas/deployments/tokens') &
  typeof import('../../../../lambdas/shared/storage/s3') &
  typeof import('../../../../lambdas/shared/config') &
  typeof import('../../../fixtures/template-items');
const githubApiBefore = process.env.GITHUB_API_URL;

beforeAll(async () => {
  github = await startLocalGithub({ port: 0 });
  // Before any handler module reads its configuration: the steps talk to this server.
  process.env.GITHUB_API_URL = github.endpoint;
  // Loaded here, after that: a busy machine takes seconds to load them, not the test's time.
  steps = {
    ...(await import('../../../../lambdas/deployments/steps/repository')),
    ...(await import('../../../../lambdas/deployments/steps/common')),
    ...(await import('../../../../lambdas/deployments/repo')),
    ...(await import('../../../../lambdas/deployments/tokens')),
    ...(await import('../../../../lambdas/shared/storage/s3')),
    ...(await import('../../../../lambdas/shared/config')),
    ...(await import('../../../fixtures/template-items')),
  };
});

afterAll(async () => {
  process.env.GITHUB_API_URL = githubApiBefore;
  await github.stop();
});

const fileBytes = (index: number): Uint8Array =>
  index % BINARY_EVERY === 0
    ? Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x00, index % 256, 0xff, 0xfe])
    : strToU8(`export const value${index} = 'ünïcode ${index}';\n`);

const gitBlobSha = (bytes: Uint8Array) =>
  createHash('sha1')
    .update(Buffer.concat([Buffer.from(`blob ${bytes.length}\0`), bytes]))
    .digest('hex');

const pathOf = (index: number) =>
  `src/part-${Math.floor(index / 50)}/${index % BINARY_EVERY === 0 ? `image-${index}.png` : `file-${index}.ts`}`;

const bundle = () =>
  zipSync(
    Object.fromEntries(
      Array.from({ length: FILES }, (_, index) => [`starter/${pathOf(index)}`, fileBytes(index)]),
    ),
  );

/** A buyer connected to GitHub, a live template with its bundle, and a deployment to run. */
const seedDeployment = async (login: string) => {
  const { storeToken, createDeployment, putObject, config, seedTemplate } = steps;
  const userId = `resume-${randomUUID()}`;
  await github.control.createUser({ login });
  const token = await github.control.createToken(login, ['repo']);
  await storeToken(userId, 'github', token, { accountLogin: login });
  const template = await seedTemplate('resume-seller', { status: 'approved' });
  await putObject({
    bucket: config().MVP_FILES_BUCKET,
    key: template.file_key!,
    body: bundle(),
    contentType: 'application/zip',
  });
  const id = ulid();
  const now = new Date().toISOString();
  await createDeployment({
    id,
    user_id: userId,
    mvp_id: template.id,
    repo_name: `resumed-${id.toLowerCase()}`,
    status: 'initializing',
    mvp_title: template.title,
    mvp_slug: template.slug,
    created_at: now,
    updated_at: now,
  });
  return { id, repo: `resumed-${id.toLowerCase()}`, version: template.version_number, token };
};

describe('a deploy step stopped by the hourly limit', () => {
  it('resumes on its next run: every file once, byte for byte', async () => {
    const { createRepository } = await import('../../../../lambdas/deployments/steps/repository');
    const { getDeployment } = await import('../../../../lambdas/deployments/repo');
    const { GithubRateLimitedError } = await import('../../../../lambdas/deployments/steps/common');
    const login = 'hourly-buyer';
    const deployment = await seedDeployment(login);
    // The hour ends 2 minutes after the first request: longer than a step may wait.
    await github.control.secondaryLimit({
      per_minute: 1_000,
      per_hour: FIRST_RUN,
      hour_ms: 120_000,
    });

    await expect(createRepository({ deploymentId: deployment.id })).rejects.toBeInstanceOf(
      GithubRateLimitedError,
    );
    const stopped = await getDeployment(deployment.id);
    expect(stopped?.status).toBe('initializing');
    expect(stopped?.write_progress).toMatchObject({
      step: 'repository',
      version: deployment.version,
      entries: 200,
      tree_sha: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    // The blobs uploaded for the second slice before GitHub stopped the step are kept too.
    expect(stopped?.write_progress?.blobs).toHaveLength(FIRST_RUN - 1 - 10 - 1);
    expect((await github.control.secondaryLimit()).usage).toEqual({
      admitted: FIRST_RUN,
      refused: 1,
    });

    // An hour later: the window holds nothing any more.
    await github.control.secondaryLimit({ hour_ms: 1 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await expect(createRepository({ deploymentId: deployment.id })).resolves.toEqual({ ok: true });

    const done = await getDeployment(deployment.id);
    expect(done?.status).toBe('repo_created');
    expect(done?.write_progress).toBeUndefined();
    // The commit's tree, every blob by its git sha: the file's bytes, exactly.
    const octokit = new Octokit({ baseUrl: github.endpoint, auth: deployment.token });
    const { data: commit } = await octokit.rest.git.getCommit({
      owner: login,
      repo: deployment.repo,
      commit_sha: done!.head_sha!,
    });
    const { data: tree } = await octokit.rest.git.getTree({
      owner: login,
      repo: deployment.repo,
      tree_sha: commit.tree.sha,
      recursive: 'true',
    });
    const blobs = new Map(
      tree.tree.filter((entry) => entry.type === 'blob').map((entry) => [entry.path!, entry.sha]),
    );
    expect(blobs.size).toBe(FILES);
    for (let index = 0; index < FILES; index += 1)
      expect(blobs.get(pathOf(index)), pathOf(index)).toBe(gitBlobSha(fileBytes(index)));
    // The repository, each binary file's blob once, each slice's tree once, the commit, the ref.
    expect((await github.control.secondaryLimit()).usage.admitted).toBe(
      1 + BINARY + SLICES + 1 + 1,
    );
  }, 30_000);
});
