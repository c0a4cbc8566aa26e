/**
 * `POST /hooks/github`: GitHub's push webhook, as Netlify takes it at
 * `https://api.netlify.com/hooks/github` for a site linked to a repository through the API (the
 * repository's owner adds the hook, as they add the deploy key). A push to the branch a site
 * builds starts a new deploy of that site: continuous deployment, so merging a pull request
 * republishes the site. `ping` and pushes to other branches, tags or deletions are answered 200
 * and change nothing; a body that is not a push is 400.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startDeploy } from './api';
import type { Builder } from './builds';
import { readJsonObject, sendJson } from './http';
import type { Store } from './store';

interface PushPayload {
  ref?: unknown;
  deleted?: unknown;
  repository?: { full_name?: unknown; default_branch?: unknown };
}

export const handleGithubHook = async (
  store: Store,
  builder: Builder,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> => {
  if (request.method !== 'POST') return sendJson(response, 405, { message: 'Method Not Allowed' });
  const event = String(request.headers['x-github-event'] ?? '');
  const payload = (await readJsonObject(request)) as PushPayload;
  if (event === 'ping') return sendJson(response, 200, { ok: true });
  if (event !== 'push') return sendJson(response, 200, { ok: true, ignored: event });
  const fullName = payload.repository?.full_name;
  if (typeof fullName !== 'string' || typeof payload.ref !== 'string') {
    return sendJson(response, 400, { message: 'Not a push payload' });
  }
  const branch = /^refs\/heads\/(.+)$/.exec(payload.ref)?.[1];
  if (!branch || payload.deleted === true) return sendJson(response, 200, { ok: true, deploys: 0 });
  const defaultBranch =
    typeof payload.repository?.default_branch === 'string'
      ? payload.repository.default_branch
      : 'main';
  const sites = Object.values(store.state.sites).filter(
    (site) =>
      site.repo?.repo_path?.toLowerCase() === fullName.toLowerCase() &&
      (site.repo.repo_branch ?? defaultBranch) === branch,
  );
  for (const site of sites) startDeploy({ state: store.state, store, builder }, site);
  sendJson(response, 200, { ok: true, deploys: sites.length });
};
