/** Commits a page at a time, the comparison of two commits, and the commit a zipball is made of. */
import { repoDir, type Context } from './context';
import { diffFiles, gitText, isEmptyRepository, readCommit, resolveCommit, revList } from './git';
import { GithubApiError, notFound } from './http';
import { commitObject, diffEntry } from './git-objects';
import { apiRepoUrl, htmlRepoUrl } from './objects';
import type { StoredRepo } from './store';
import { nonEmptyDir } from './repos';

export const pageParams = (query: URLSearchParams) => {
  const perPage = Math.min(Math.max(Number(query.get('per_page') ?? 30) || 30, 1), 100);
  const page = Math.max(Number(query.get('page') ?? 1) || 1, 1);
  return { perPage, page };
};

export const listCommits = async (ctx: Context, repo: StoredRepo, query: URLSearchParams) => {
  const dir = await nonEmptyDir(ctx, repo);
  const revision = query.get('sha') || repo.default_branch;
  const head = await resolveCommit(dir, revision);
  if (!head) throw new GithubApiError(404, `No commit found for SHA: ${revision}`);
  const { perPage, page } = pageParams(query);
  const shas = await revList(dir, [
    `--skip=${(page - 1) * perPage}`,
    `--max-count=${perPage + 1}`,
    head,
  ]);
  const commits = await Promise.all(
    shas
      .slice(0, perPage)
      .map(async (sha) => commitObject(ctx, repo, (await readCommit(dir, sha))!)),
  );
  return { commits, more: shas.length > perPage, page };
};

export const compareCommits = async (ctx: Context, repo: StoredRepo, basehead: string) => {
  const dir = await nonEmptyDir(ctx, repo);
  const split = basehead.indexOf('...');
  if (split === -1) throw notFound();
  const baseName = basehead.slice(0, split);
  const headName = basehead.slice(split + 3);
  const base = await resolveCommit(dir, baseName);
  const head = await resolveCommit(dir, headName);
  if (!base || !head) throw notFound();
  const mergeBase = (await gitText(dir, ['merge-base', base, head], { allow: [1] })).trim();
  if (!mergeBase) throw notFound();
  const ahead = await revList(dir, ['--reverse', `${mergeBase}..${head}`]);
  const behind = await revList(dir, [`${head}..${base}`]);
  const status =
    ahead.length === 0 && behind.length === 0
      ? 'identical'
      : behind.length === 0
        ? 'ahead'
        : ahead.length === 0
          ? 'behind'
          : 'diverged';
  const read = async (sha: string) => commitObject(ctx, repo, (await readCommit(dir, sha))!);
  const html = `${htmlRepoUrl(ctx, repo)}/compare/${basehead}`;
  return {
    url: `${apiRepoUrl(ctx, repo)}/compare/${basehead}`,
    html_url: html,
    permalink_url: `${htmlRepoUrl(ctx, repo)}/compare/${repo.owner}:${base.slice(0, 7)}...${repo.owner}:${head.slice(0, 7)}`,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    base_commit: await read(base),
    merge_base_commit: await read(mergeBase),
    status,
    ahead_by: ahead.length,
    behind_by: behind.length,
    total_commits: ahead.length,
    commits: await Promise.all(ahead.slice(0, 250).map(read)),
    files: (await diffFiles(dir, mergeBase, head)).map((file) => diffEntry(ctx, repo, head, file)),
  };
};

/** The commit a zipball is made of (404 as GitHub answers for an unknown ref or an empty repository). */
export const zipballCommit = async (ctx: Context, repo: StoredRepo, ref: string | undefined) => {
  const dir = repoDir(ctx, repo);
  if (await isEmptyRepository(dir)) throw notFound();
  const sha = await resolveCommit(dir, ref || repo.default_branch);
  if (!sha) throw notFound();
  return sha;
};
