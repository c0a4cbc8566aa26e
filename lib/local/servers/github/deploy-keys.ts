/**
 * Deploy keys (`/repos/{owner}/{repo}/keys`), with GitHub's shapes and errors: a key is an OpenSSH
 * public key; the same key twice on one repository is a 422 `key is already in use`; an
 * unparsable one is a 422 `key is invalid`. Read-only keys let git read that repository only
 * (git-http.ts, lib/local/servers/deploy-key-proof.ts).
 */
import { parseSshPublicKey } from '../deploy-key-proof';
import type { Context } from './context';
import { GithubApiError, isoSeconds, unprocessable } from './http';
import type { StoredDeployKey, StoredRepo } from './store';

type Body = Record<string, unknown>;

const repoKey = (repo: StoredRepo) => `${repo.owner}/${repo.name}`.toLowerCase();

export const deployKeyObject = (ctx: Context, key: StoredDeployKey) => ({
  id: key.id,
  key: key.key,
  url: `${ctx.endpoint}/repos/${key.repo}/keys/${key.id}`,
  title: key.title,
  verified: true,
  created_at: key.created_at,
  read_only: key.read_only,
  added_by: key.added_by,
  last_used: null,
  enabled: true,
});

export const listDeployKeys = (ctx: Context, repo: StoredRepo): StoredDeployKey[] =>
  Object.values(ctx.state.deployKeys).filter((key) => key.repo === repoKey(repo));

export const createDeployKey = (
  ctx: Context,
  repo: StoredRepo,
  body: Body,
  addedBy: string | null,
): StoredDeployKey => {
  const key = typeof body.key === 'string' ? body.key.trim() : '';
  if (!key) {
    throw unprocessable('Validation Failed', [
      { resource: 'PublicKey', code: 'missing_field', field: 'key' },
    ]);
  }
  if (!parseSshPublicKey(key)) {
    throw unprocessable('Validation Failed', [
      {
        resource: 'PublicKey',
        code: 'custom',
        field: 'key',
        message:
          "key is invalid. It must begin with 'ssh-ed25519', 'ssh-rsa', or another supported type.",
      },
    ]);
  }
  if (listDeployKeys(ctx, repo).some((existing) => existing.key === key)) {
    throw unprocessable('Validation Failed', [
      { resource: 'PublicKey', code: 'custom', field: 'key', message: 'key is already in use' },
    ]);
  }
  const stored: StoredDeployKey = {
    id: ctx.store.nextId(),
    repo: repoKey(repo),
    key,
    title: typeof body.title === 'string' && body.title ? body.title : 'deploy key',
    read_only: body.read_only !== false,
    added_by: addedBy,
    created_at: isoSeconds(),
  };
  ctx.state.deployKeys[String(stored.id)] = stored;
  ctx.store.changed();
  return stored;
};

export const findDeployKey = (ctx: Context, repo: StoredRepo, id: string): StoredDeployKey => {
  const key = ctx.state.deployKeys[id];
  if (!key || key.repo !== repoKey(repo)) throw new GithubApiError(404, 'Not Found');
  return key;
};
