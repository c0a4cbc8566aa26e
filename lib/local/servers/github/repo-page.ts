/**
 * The repository's web page (`GET /{owner}/{repo}`, a repository's `html_url`), as a visitor who
 * is not signed in sees it: a public repository's files on its default branch, its README as
 * text, and how to clone it; a private one (or none) is GitHub's 404 page. Enough for a demo
 * template's Repository link to open something real.
 */
import type { ServerResponse } from 'node:http';
import { canRead } from './auth';
import { findRepo, repoDir, type Context } from './context';
import { gitText, isEmptyRepository, listTree, resolveCommit } from './git';
import { html, sendPage } from './http';
import { cloneUrl } from './objects';

const README = /^readme(\.md|\.txt)?$/i;

/** `/{owner}/{repo}` (an optional trailing slash), never one of the server's own paths. */
export const repoPagePath = (path: string): { owner: string; name: string } | undefined => {
  const match = /^\/([A-Za-z0-9][A-Za-z0-9-]*)\/([A-Za-z0-9._-]+?)\/?$/.exec(path);
  if (
    !match ||
    ['app', 'apps', 'installation', 'login', 'git', 'repos', 'user', 'users', 'orgs'].includes(
      match[1]!,
    )
  )
    return undefined;
  return { owner: match[1]!, name: match[2]! };
};

export const handleRepoPage = async (
  ctx: Context,
  response: ServerResponse,
  target: { owner: string; name: string },
) => {
  const repo = findRepo(ctx, target.owner, target.name);
  if (!repo || !canRead({ kind: 'anonymous' }, repo))
    return sendPage(
      response,
      404,
      'Page not found',
      html`<p>This is not the web page you are looking for.</p>`,
    );
  const dir = repoDir(ctx, repo);
  const title = `${repo.owner}/${repo.name}`;
  const clone = html`<p>Clone: <code>git clone ${cloneUrl(ctx, repo)}</code></p>`;
  if (await isEmptyRepository(dir))
    return sendPage(response, 200, title, html`<p>This repository is empty.</p>` + clone);
  const head = await resolveCommit(dir, repo.default_branch);
  const files = head
    ? (await listTree(dir, head, true)).filter((entry) => entry.type === 'blob')
    : [];
  const readme = files.find((entry) => README.test(entry.path));
  const readmeText = readme ? await gitText(dir, ['cat-file', 'blob', readme.sha]) : '';
  sendPage(
    response,
    200,
    title,
    (repo.description ? html`<p>${repo.description}</p>` : '') +
      html`<p class="hint">Branch ${repo.default_branch} · ${files.length} files</p>` +
      `<ul data-testid="repo-files">${files.map((entry) => html`<li><code>${entry.path}</code></li>`).join('')}</ul>` +
      clone +
      (readme
        ? html`<h2>${readme.path}</h2>
            <pre style="white-space:pre-wrap">${readmeText}</pre>`
        : ''),
  );
};
