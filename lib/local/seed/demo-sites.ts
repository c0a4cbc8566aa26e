/**
 * Where the demo templates' Live Demo and Repository links lead: each approved template's starter
 * (the same files as its bundle, starter.ts) is a repository of its seller's account on the local
 * GitHub server (`demo-<account>/<slug>`), and a site on the local Netlify server built from that
 * repository (`<netlify>/sites/demo-<slug>/`), made through the servers' own APIs as a seller
 * would: a repository, one commit, a Netlify site linked to it. A paid template's repository is
 * private, as its source is paid for (only a free template's is public, as its card's Source
 * link is): Netlify reads it with a read-only deploy key. The linked template (Digital Downloads
 * Shop) keeps the private repository the GitHub link seed makes for it.
 *
 * The links are known before anything exists (`demoLinksOf`), so the templates are imported with
 * them; the repositories and sites follow. Idempotent: what exists is left as it is.
 */
import { throttling } from '@octokit/plugin-throttling';
import { Octokit } from '@octokit/rest';
import type { LocalGithubControl } from '../servers/github/control-client';
import type { LocalNetlifyControl } from '../servers/netlify/control-client';
import { DEMO_GITHUB_LOGIN, DEMO_GITHUB_REPO, DEMO_LINKED_TEMPLATE_ID } from './github';
import { slugOf, starterFiles } from './starter';
import type { SeedTemplate } from './templates';

export interface DemoServers {
  github: { endpoint: string; control: LocalGithubControl };
  netlify: { endpoint: string; control: LocalNetlifyControl };
}

interface DemoPlace {
  owner: string;
  repo: string;
  site: string;
}

/** Templates seeded at once: the servers are in process, their git runs share the cores. */
const CONCURRENCY = 4;

const silentLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/**
 * A seller's client as a careful integration writes: its content-creating requests a second apart
 * (the throttling plugin's pace, under GitHub's 80 a minute), and a refusal for a limit waited out
 * as GitHub says (`retry-after`) a few times. The demo seller's starters alone are more than 80
 * writes: sent at once, the limit refused the rest and most demo repositories were never made.
 */
const SellerOctokit = Octokit.plugin(throttling);
const LIMIT_RETRIES = 3;

/** The seller's account on the local GitHub server (the demo seller's is the App's account). */
export const demoGithubLoginOf = (template: Pick<SeedTemplate, 'seller'>): string =>
  template.seller === 'seller' ? DEMO_GITHUB_LOGIN : `demo-${template.seller}`;

const placeOf = (template: SeedTemplate): DemoPlace => {
  const slug = slugOf(template.title);
  return template.id === DEMO_LINKED_TEMPLATE_ID
    ? { owner: DEMO_GITHUB_LOGIN, repo: DEMO_GITHUB_REPO, site: `demo-${slug}` }
    : { owner: demoGithubLoginOf(template), repo: slug, site: `demo-${slug}` };
};

/** The template's Live Demo (its Netlify site) and Repository (its GitHub page) addresses. */
export const demoLinksOf = (
  template: SeedTemplate,
  endpoints: { github: string; netlify: string },
): { demoUrl: string; githubUrl: string } => {
  const place = placeOf(template);
  return {
    demoUrl: `${endpoints.netlify}/sites/${place.site}/`,
    githubUrl: `${endpoints.github}/${place.owner}/${place.repo}`,
  };
};

/** The starter's files at the repository's root (the bundle keeps them in a top folder). */
const repositoryFiles = (template: SeedTemplate): [string, string][] =>
  Object.entries(starterFiles(template)).map(([path, text]) => [
    path.slice(path.indexOf('/') + 1),
    text,
  ]);

/** Whether the template's repository is private: a paid one's source stays paid for. */
export const isDemoRepositoryPrivate = (template: Pick<SeedTemplate, 'id' | 'accessTier'>) =>
  template.accessTier !== 'free' || template.id === DEMO_LINKED_TEMPLATE_ID;

/** The repository with the starter in one commit, unless it exists. */
const ensureRepository = async (octokit: Octokit, template: SeedTemplate, place: DemoPlace) => {
  const exists = await octokit.rest.repos.get({ owner: place.owner, repo: place.repo }).then(
    () => true,
    () => false,
  );
  if (exists) {
    // A start stopped half-way may have left it empty: then its files are still to come.
    const filled = await octokit.rest.git
      .getRef({ owner: place.owner, repo: place.repo, ref: 'heads/main' })
      .then(
        () => true,
        () => false,
      );
    if (filled) return;
  } else {
    await octokit.rest.repos.createForAuthenticatedUser({
      name: place.repo,
      description: template.tagline,
      private: isDemoRepositoryPrivate(template),
    });
  }
  const [[firstPath, firstText], ...rest] = repositoryFiles(template) as [
    [string, string],
    ...[string, string][],
  ];
  // The first file through the contents API (a new repository is empty), the rest in one commit.
  const { data: first } = await octokit.rest.repos.createOrUpdateFileContents({
    owner: place.owner,
    repo: place.repo,
    path: firstPath,
    message: `${template.title} ${template.versionNumber}`,
    content: Buffer.from(firstText).toString('base64'),
  });
  const { data: tree } = await octokit.rest.git.createTree({
    owner: place.owner,
    repo: place.repo,
    base_tree: first.commit.tree!.sha!,
    tree: rest.map(([path, content]) => ({ path, mode: '100644', type: 'blob', content })),
  });
  const { data: commit } = await octokit.rest.git.createCommit({
    owner: place.owner,
    repo: place.repo,
    message: `The starter's files`,
    tree: tree.sha,
    parents: [first.commit.sha!],
  });
  await octokit.rest.git.updateRef({
    owner: place.owner,
    repo: place.repo,
    ref: 'heads/main',
    sha: commit.sha,
  });
};

/**
 * The repositories and sites of `templates` (approved ones), after the GitHub link seed (the
 * linked template's repository is its). Sites build in the background on the Netlify server.
 */
export const seedDemoSites = async (
  servers: DemoServers,
  templates: readonly SeedTemplate[],
  signal?: AbortSignal,
): Promise<void> => {
  const [account] = await servers.netlify.control.accounts();
  if (!account) throw new Error('The local Netlify server has no account.');
  const netlifyToken = await servers.netlify.control.createToken(account.id);
  const netlify = async (method: 'GET' | 'POST', path: string, body?: object) =>
    fetch(`${servers.netlify.endpoint}/api/v1/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${netlifyToken}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  const clients = new Map<string, Octokit>();
  const approved = templates.filter((item) => item.status === 'approved');
  // One client per account first, then a few templates at a time (each is a handful of git runs).
  for (const template of approved) {
    const owner = placeOf(template).owner;
    if (clients.has(owner)) continue;
    await servers.github.control.createUser({ login: owner }).catch(() => undefined);
    clients.set(
      owner,
      new SellerOctokit({
        baseUrl: servers.github.endpoint,
        auth: await servers.github.control.createToken(owner, ['repo']),
        log: silentLog,
        // A stopping stack ends the queued requests at once instead of sending them.
        ...(signal && { request: { signal } }),
        throttle: {
          id: `demo-sites-${owner}`,
          onSecondaryRateLimit: (_after, _options, _octokit, retries) => retries < LIMIT_RETRIES,
          onRateLimit: (_after, _options, _octokit, retries) => retries < LIMIT_RETRIES,
        },
      }),
    );
  }
  const seedOne = async (template: SeedTemplate) => {
    const place = placeOf(template);
    if (template.id !== DEMO_LINKED_TEMPLATE_ID) {
      await ensureRepository(clients.get(place.owner)!, template, place);
    }
    if ((await netlify('GET', `sites/${place.site}`)).status === 200) return;
    const privateRepo = isDemoRepositoryPrivate(template);
    // A private repository is read with a deploy key, as Netlify reads a buyer's.
    let deployKeyId: string | undefined;
    if (privateRepo) {
      const key = (await (await netlify('POST', 'deploy_keys')).json()) as {
        id: string;
        public_key: string;
      };
      await clients.get(place.owner)!.rest.repos.createDeployKey({
        owner: place.owner,
        repo: place.repo,
        title: 'Netlify (demo site)',
        key: key.public_key,
        read_only: true,
      });
      deployKeyId = key.id;
    }
    const created = await netlify('POST', 'sites', {
      name: place.site,
      repo: {
        provider: 'github',
        repo_path: `${place.owner}/${place.repo}`,
        repo_url: `${servers.github.endpoint}/git/${place.owner}/${place.repo}.git`,
        repo_branch: 'main',
        public_repo: !privateRepo,
        ...(deployKeyId && { deploy_key_id: deployKeyId }),
      },
    });
    if (created.status !== 201) {
      throw new Error(`The demo site of ${template.title} was refused: ${await created.text()}`);
    }
  };
  for (let next = 0; next < approved.length && !signal?.aborted; next += CONCURRENCY) {
    await Promise.all(approved.slice(next, next + CONCURRENCY).map(seedOne));
  }
};
