/**
 * A deploy step that GitHub's hourly limit stops resumes where it stopped: the repository step run
 * twice as the state machine runs it (the first run ends with GithubRateLimitedError, the second
 * comes "an hour later"), against a local GitHub server of this file's own whose hour is shortened,
 * DynamoDB Local and s3rver. The template lands whole, byte for byte, and the server's count of
 * content-creating requests shows that no blob or tree was written twice.
 */
import { randomUUID } from 'node:crypto';
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
const githubApiBefore = process.env.GITHUB_API_URL;

beforeAll(async () => {
  github = await startLocalGithub({ port: 0 });
  // Before any handler module reads its configuration: the steps talk to this server.
  process.env.GITHUB_API_URL = github.endpoint;
});

afterAll(async () => {
  process.env.GITHUB_API_URL = githubApiBefore;
  await github.stop();
});

const fileBytes = (index: number): Uint8Array =>
  index % BINARY_EVERY === 0
    ? Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x00, index % 256, 0xff, 0xfe])
    : strToU8(`export const value${index} = 'ünïcode ${index}';\n`);

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
  const { storeToken } = await import('../../../../lambdas/deployments/tokens');
  const { createDeployment } = await import('../../../../lambdas/deployments/repo');
  const { putObject } = await import('../../../../lambdas/shared/storage/s3');
  const { config } = await import('../../../../lambdas/shared/config');
  const { seedTemplate } = await import('../../../fixtures/template-items');
  const userId = `resume-${randomUUID()}`;
  await github.control.createUser({ login });
  await storeToken(userId, 'github', await github.control.createToken(login, ['repo']), {
    accountLogin: login,
  });
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
  return { id, repo: `resumed-${id.toLowerCase()}`, version: template.version_number };
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
    const { files } = await github.control.readFiles(login, deployment.repo, 'main');
    expect(files.size).toBe(FILES);
    for (let index = 0; index < FILES; index += 1)
      expect(files.get(pathOf(index)), pathOf(index)).toEqual(Buffer.from(fileBytes(index)));
    // The repository, each binary file's blob once, each slice's tree once, the commit, the ref.
    expect((await github.control.secondaryLimit()).usage.admitted).toBe(
      1 + BINARY + SLICES + 1 + 1,
    );
  }, 30_000);
});
