/**
 * GitHub's object shapes (@octokit/openapi-types `components["schemas"]`), built from the stored
 * state and the repositories; checked by test/integration/local/github-shapes.test.ts.
 */
import type { Context } from './context';
import type { StoredHook, StoredInstallation, StoredRepo, StoredUser } from './store';

export const nodeId = (kind: string, id: number | string) =>
  Buffer.from(`0:${kind}${id}`).toString('base64').replace(/=+$/, '');

/** `simple-user`. */
export const simpleUser = (ctx: Context, user: StoredUser) => {
  const url = `${ctx.endpoint}/users/${user.login}`;
  return {
    login: user.login,
    id: user.id,
    node_id: nodeId('User', user.id),
    avatar_url: user.avatar_url,
    gravatar_id: '',
    url,
    html_url: `${ctx.endpoint}/${user.login}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type: 'User',
    site_admin: false,
  };
};

/** `private-user`: `GET /user` with the user's own token. */
export const privateUser = (ctx: Context, user: StoredUser) => {
  const repos = Object.values(ctx.state.repos).filter((repo) => repo.owner === user.login);
  const owned = repos.filter((repo) => repo.private).length;
  return {
    ...simpleUser(ctx, user),
    name: user.name,
    company: null,
    blog: '',
    location: null,
    email: user.email,
    hireable: null,
    bio: null,
    public_repos: repos.length - owned,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: user.created_at,
    updated_at: user.created_at,
    private_gists: 0,
    total_private_repos: owned,
    owned_private_repos: owned,
    disk_usage: 0,
    collaborators: 0,
    two_factor_authentication: false,
    plan: { name: 'free', space: 976562499, collaborators: 0, private_repos: 10000 },
  };
};

export const userOf = (ctx: Context, login: string): StoredUser => {
  const user = ctx.state.users[login.toLowerCase()];
  if (!user) throw new Error(`No local GitHub user ${login}.`);
  return user;
};

export const apiRepoUrl = (ctx: Context, repo: StoredRepo) =>
  `${ctx.endpoint}/repos/${repo.owner}/${repo.name}`;
export const htmlRepoUrl = (ctx: Context, repo: StoredRepo) =>
  `${ctx.endpoint}/${repo.owner}/${repo.name}`;
export const cloneUrl = (ctx: Context, repo: StoredRepo) =>
  `${ctx.gitUrl}/${repo.owner}/${repo.name}.git`;

/** The `*_url` templates of a repository object, from `archive_url` to `trees_url`. */
const urlTemplates = (ctx: Context, repo: StoredRepo) => {
  const url = apiRepoUrl(ctx, repo);
  return {
    archive_url: `${url}/{archive_format}{/ref}`,
    assignees_url: `${url}/assignees{/user}`,
    blobs_url: `${url}/git/blobs{/sha}`,
    branches_url: `${url}/branches{/branch}`,
    collaborators_url: `${url}/collaborators{/collaborator}`,
    comments_url: `${url}/comments{/number}`,
    commits_url: `${url}/commits{/sha}`,
    compare_url: `${url}/compare/{base}...{head}`,
    contents_url: `${url}/contents/{+path}`,
    contributors_url: `${url}/contributors`,
    deployments_url: `${url}/deployments`,
    downloads_url: `${url}/downloads`,
    events_url: `${url}/events`,
    forks_url: `${url}/forks`,
    git_commits_url: `${url}/git/commits{/sha}`,
    git_refs_url: `${url}/git/refs{/sha}`,
    git_tags_url: `${url}/git/tags{/sha}`,
    git_url: cloneUrl(ctx, repo).replace(/^http/, 'git'),
    issue_comment_url: `${url}/issues/comments{/number}`,
    issue_events_url: `${url}/issues/events{/number}`,
    issues_url: `${url}/issues{/number}`,
    keys_url: `${url}/keys{/key_id}`,
    labels_url: `${url}/labels{/name}`,
    languages_url: `${url}/languages`,
    merges_url: `${url}/merges`,
    milestones_url: `${url}/milestones{/number}`,
    notifications_url: `${url}/notifications{?since,all,participating}`,
    pulls_url: `${url}/pulls{/number}`,
    releases_url: `${url}/releases{/id}`,
    ssh_url: `git@localhost:${repo.owner}/${repo.name}.git`,
    stargazers_url: `${url}/stargazers`,
    statuses_url: `${url}/statuses/{sha}`,
    subscribers_url: `${url}/subscribers`,
    subscription_url: `${url}/subscription`,
    tags_url: `${url}/tags`,
    teams_url: `${url}/teams`,
    trees_url: `${url}/git/trees{/sha}`,
  };
};

/** `full-repository` (`full: true`: GET/POST of one repository) or `repository` (in lists). */
export const repositoryObject = (ctx: Context, repo: StoredRepo, full: boolean) => {
  const url = apiRepoUrl(ctx, repo);
  const owner = simpleUser(ctx, userOf(ctx, repo.owner));
  return {
    id: repo.id,
    node_id: nodeId('Repository', repo.id),
    name: repo.name,
    full_name: `${repo.owner}/${repo.name}`,
    private: repo.private,
    owner,
    html_url: htmlRepoUrl(ctx, repo),
    description: repo.description,
    fork: false,
    url,
    ...urlTemplates(ctx, repo),
    clone_url: cloneUrl(ctx, repo),
    mirror_url: null,
    hooks_url: `${url}/hooks`,
    svn_url: htmlRepoUrl(ctx, repo),
    homepage: null,
    language: null,
    forks_count: 0,
    stargazers_count: 0,
    watchers_count: 0,
    size: 0,
    default_branch: repo.default_branch,
    open_issues_count: 0,
    is_template: false,
    topics: [],
    has_issues: true,
    has_projects: true,
    has_wiki: true,
    has_pages: false,
    has_downloads: true,
    has_discussions: false,
    archived: false,
    disabled: false,
    visibility: repo.private ? 'private' : 'public',
    pushed_at: repo.pushed_at ?? repo.created_at,
    created_at: repo.created_at,
    updated_at: repo.updated_at,
    permissions: { admin: true, maintain: true, push: true, triage: true, pull: true },
    allow_forking: true,
    web_commit_signoff_required: false,
    license: null,
    forks: 0,
    open_issues: 0,
    watchers: 0,
    ...(full ? { subscribers_count: 1, network_count: 0 } : {}),
  };
};

/** `hook`. */
export const hookObject = (ctx: Context, repo: StoredRepo, hook: StoredHook) => {
  const url = `${apiRepoUrl(ctx, repo)}/hooks/${hook.id}`;
  return {
    type: 'Repository',
    id: hook.id,
    name: 'web',
    active: hook.active,
    events: hook.events,
    config: {
      content_type: hook.content_type,
      insecure_ssl: '0',
      url: hook.url,
      ...(hook.secret ? { secret: '********' } : {}),
    },
    updated_at: hook.updated_at,
    created_at: hook.created_at,
    url,
    test_url: `${url}/test`,
    ping_url: `${url}/pings`,
    deliveries_url: `${url}/deliveries`,
    last_response: hook.last_response,
  };
};

/** `installation`. */
export const installationObject = (ctx: Context, installation: StoredInstallation) => {
  const app = ctx.state.app!;
  const user = userOf(ctx, installation.account);
  return {
    id: installation.id,
    account: simpleUser(ctx, user),
    repository_selection: 'all',
    access_tokens_url: `${ctx.endpoint}/app/installations/${installation.id}/access_tokens`,
    repositories_url: `${ctx.endpoint}/installation/repositories`,
    html_url: `${ctx.endpoint}/settings/installations/${installation.id}`,
    app_id: app.id,
    app_slug: app.slug,
    target_id: user.id,
    target_type: 'User',
    permissions: app.permissions,
    events: app.events,
    created_at: installation.created_at,
    updated_at: installation.updated_at,
    single_file_name: null,
    has_multiple_single_files: false,
    single_file_paths: [],
    suspended_by: null,
    suspended_at: null,
  };
};
