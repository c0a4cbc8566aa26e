/** Pull requests: open one, read one with its branches' current tips and files, list them. */
import { type Principal } from './auth';
import { repoDir, type Context } from './context';
import { diffFiles, gitText, listRefs, revList } from './git';
import { isoSeconds, notFound, optionalString, requiredString, unprocessable } from './http';
import { diffEntry } from './git-objects';
import { pullObject, simplePull } from './pull-objects';
import type { StoredPull, StoredRepo } from './store';
import { type Body, nonEmptyDir } from './repos';

const branchTip = async (dir: string, branch: string) =>
  (await listRefs(dir)).get(`refs/heads/${branch}`);

const pullStats = async (dir: string, pull: StoredPull) => {
  const mergeBase = (
    await gitText(dir, ['merge-base', pull.base.sha, pull.head.sha], { allow: [1] })
  ).trim();
  const files = mergeBase ? await diffFiles(dir, mergeBase, pull.head.sha) : [];
  return {
    files,
    stats: {
      commits: (await revList(dir, [`${pull.base.sha}..${pull.head.sha}`])).length,
      additions: files.reduce((sum, file) => sum + file.additions, 0),
      deletions: files.reduce((sum, file) => sum + file.deletions, 0),
      changed_files: files.length,
    },
  };
};

/** The pull request with its branches' current tips (GitHub follows pushes to the head branch). */
const livePull = async (dir: string, pull: StoredPull) => ({
  ...pull,
  head: { ref: pull.head.ref, sha: (await branchTip(dir, pull.head.ref)) ?? pull.head.sha },
  base: { ref: pull.base.ref, sha: (await branchTip(dir, pull.base.ref)) ?? pull.base.sha },
});

export const createPull = async (
  ctx: Context,
  principal: Principal,
  repo: StoredRepo,
  body: Body,
) => {
  const dir = await nonEmptyDir(ctx, repo);
  const title = requiredString(body, 'title');
  const headParam = requiredString(body, 'head');
  const base = requiredString(body, 'base');
  const head = headParam.includes(':') ? headParam.slice(headParam.indexOf(':') + 1) : headParam;
  if (
    headParam.includes(':') &&
    headParam.split(':')[0]!.toLowerCase() !== repo.owner.toLowerCase()
  )
    throw unprocessable('Validation Failed', [
      { resource: 'PullRequest', field: 'head', code: 'invalid' },
    ]);
  const baseSha = await branchTip(dir, base);
  if (!baseSha)
    throw unprocessable('Validation Failed', [
      { resource: 'PullRequest', field: 'base', code: 'invalid' },
    ]);
  const headSha = await branchTip(dir, head);
  if (!headSha)
    throw unprocessable('Validation Failed', [
      { resource: 'PullRequest', field: 'head', code: 'invalid' },
    ]);
  if ((await revList(dir, [`${baseSha}..${headSha}`])).length === 0)
    throw unprocessable('Validation Failed', [
      {
        resource: 'PullRequest',
        code: 'custom',
        message: `No commits between ${base} and ${head}`,
      },
    ]);
  const key = `${repo.owner}/${repo.name}`.toLowerCase();
  if (
    ctx.state.pulls.some(
      (pull) =>
        pull.repo === key &&
        pull.state === 'open' &&
        pull.head.ref === head &&
        pull.base.ref === base,
    )
  )
    throw unprocessable('Validation Failed', [
      {
        resource: 'PullRequest',
        code: 'custom',
        message: `A pull request already exists for ${repo.owner}:${head}.`,
      },
    ]);
  const now = isoSeconds();
  const pull: StoredPull = {
    id: ctx.store.nextId(),
    number: repo.nextNumber,
    repo: key,
    title,
    body: optionalString(body, 'body') ?? null,
    state: 'open',
    user: principal.kind === 'user' ? principal.user.login : repo.owner,
    head: { ref: head, sha: headSha },
    base: { ref: base, sha: baseSha },
    created_at: now,
    updated_at: now,
  };
  repo.nextNumber += 1;
  ctx.state.pulls.push(pull);
  ctx.store.changed();
  return pullObject(ctx, repo, pull, (await pullStats(dir, pull)).stats);
};

const findPull = (ctx: Context, repo: StoredRepo, number: number) => {
  const pull = ctx.state.pulls.find(
    (candidate) =>
      candidate.repo === `${repo.owner}/${repo.name}`.toLowerCase() && candidate.number === number,
  );
  if (!pull) throw notFound();
  return pull;
};

export const getPull = async (ctx: Context, repo: StoredRepo, number: number) => {
  const dir = repoDir(ctx, repo);
  const pull = await livePull(dir, findPull(ctx, repo, number));
  return pullObject(ctx, repo, pull, (await pullStats(dir, pull)).stats);
};

export const listPullFiles = async (ctx: Context, repo: StoredRepo, number: number) => {
  const dir = repoDir(ctx, repo);
  const pull = await livePull(dir, findPull(ctx, repo, number));
  return (await pullStats(dir, pull)).files.map((file) =>
    diffEntry(ctx, repo, pull.head.sha, file),
  );
};

export const listPulls = async (ctx: Context, repo: StoredRepo, query: URLSearchParams) => {
  const state = query.get('state') ?? 'open';
  if (!['open', 'closed', 'all'].includes(state))
    throw unprocessable('Validation Failed', [
      { resource: 'PullRequest', field: 'state', code: 'invalid' },
    ]);
  const dir = repoDir(ctx, repo);
  const key = `${repo.owner}/${repo.name}`.toLowerCase();
  const pulls = ctx.state.pulls
    .filter((pull) => pull.repo === key && (state === 'all' || pull.state === state))
    .sort((a, b) => b.number - a.number);
  return Promise.all(
    pulls.map(async (stored) => {
      const pull = await livePull(dir, stored);
      return simplePull(pullObject(ctx, repo, pull, (await pullStats(dir, pull)).stats));
    }),
  );
};
