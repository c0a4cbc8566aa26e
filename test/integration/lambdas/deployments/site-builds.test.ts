/**
 * Deploys that really run: through the deployments Lambda's handler and the buyer-deploy state
 * machine, against the local GitHub and Netlify servers, a template's detected build settings are
 * what its Netlify site builds with, and "live" is said only once the site's address answers the
 * built page. A Vite template (its lock file's packages in npm's cache, so its install runs
 * offline) is built by `vite build` and published from dist/, without its repository's files; a
 * Next.js template whose packages cannot be installed offline ends failed with that reason and the
 * log's end; a site that serves the repository's files is never called live; a Django template
 * deploys as a repository only, without Netlify.
 */
import { randomUUID } from 'node:crypto';
import { zipSync, strToU8 } from 'fflate';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Deployment } from '../../../../contract/deployments';
import { DEPLOY_MESSAGES } from '../../../../contract/deployments';
import { SITE_SETTINGS_MESSAGES, type SiteSettings } from '../../../../contract/site-settings';
import { config } from '../../../../lambdas/shared/config';
import { DeploymentEntity } from '../../../../lambdas/shared/db/entities/deployment';
import { TemplateVersionEntity } from '../../../../lambdas/shared/db/entities/template-version';
import type { HttpMethod } from '../../../../contract/routes';
import { putObject } from '../../../../lambdas/shared/storage/s3';
import { createLocalGithubControl } from '../../../../lib/local/servers/github/control-client';
import { createLocalNetlifyControl } from '../../../../lib/local/servers/netlify/control-client';
import { detectSite } from '../../../../lambdas/processing/tasks/detect-site';
import { getTemplate } from '../../../../lambdas/catalog/service';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { dispatch } from '../../../fixtures/dispatch';
import { useLocalWorkflows } from '../../../fixtures/local-workflows';
import { putProfile } from '../../../fixtures/profiles';
import { seedTemplate } from '../../../fixtures/template-items';
import {
  djangoCookiecutter,
  nextjsPnpm,
  offlineViteTemplate,
} from '../../../fixtures/site-templates';
import { REAL_TEMPLATES } from '../../../fixtures/real-templates/index';
import { consentOnGithub } from '../../../fixtures/github-consent';

const cloud = inject('localCloud');
const githubControl = createLocalGithubControl(cloud.github.apiUrl);
const netlifyControl = createLocalNetlifyControl(cloud.netlify.apiUrl);
const { settled } = useLocalWorkflows();

interface Caller {
  sub: string;
  claims: Record<string, string>;
}

const call = async <T>(method: HttpMethod, path: string, caller: Caller, body?: unknown) => {
  const result = await dispatch(
    apiEvent({ method, path, body, claims: caller.claims }),
    lambdaContext('deployments'),
  );
  return {
    status: result.statusCode ?? 0,
    body: result.body ? jsonBody<T>(result) : (undefined as T),
  };
};

const makeUser = async (role: 'buyer' | 'seller'): Promise<Caller> => {
  const sub = `site-${role}-${randomUUID()}`;
  await putProfile({
    id: sub,
    email: `${sub}@example.com`,
    role,
    is_seller_approved: role === 'seller',
    downloads_remaining: 10,
    download_quota: 10,
  });
  return { sub, claims: idTokenClaims({ sub, email: `${sub}@example.com` }) };
};

/** GitHub connected for `caller` as `login`, through the consent round trip. */
const connectGithub = async (caller: Caller, login: string, templateId: string) => {
  await githubControl.createUser({ login });
  const started = await call<{ url: string }>(
    'POST',
    '/api/deployments/github/authorize-url',
    caller,
    { mvp_id: templateId },
  );
  const done = await call(
    'POST',
    '/api/deployments/github/callback',
    caller,
    await consentOnGithub(cloud.github.apiUrl, started.body.url, login),
  );
  expect(done.status).toBe(200);
};

/** A live template whose bundle holds `files` (in a top folder, as sellers zip them). */
const templateWith = async (seller: Caller, files: Record<string, string | Uint8Array>) => {
  const template = await seedTemplate(seller.sub, { version_number: '1.0.0' });
  await putObject({
    bucket: config().MVP_FILES_BUCKET,
    key: template.file_key!,
    body: zipSync(
      Object.fromEntries(
        Object.entries(files).map(([path, content]) => [
          `app/${path}`,
          typeof content === 'string' ? strToU8(content) : content,
        ]),
      ),
    ),
    contentType: 'application/zip',
  });
  return template;
};

/** Processing's DetectSite step for the template's only version. */
const detectSettings = async (templateId: string, fileKey: string) => {
  const { data: versions } = await TemplateVersionEntity.query.byMvp({ mvp_id: templateId }).go();
  await detectSite({ mvpId: templateId, versionId: versions[0]!.id, fileKey });
  return (await getTemplate(templateId)).site_settings;
};

/** Deploys the template: the repository, then (unless it stops there) Netlify authorised. */
const deploy = async (caller: Caller, templateId: string, repoName: string) => {
  const started = await call<{ deployment_id: string }>('POST', '/api/deployments', caller, {
    mvp_id: templateId,
    repo_name: repoName,
  });
  expect(started.status).toBe(202);
  const id = started.body.deployment_id;
  await settled();
  const afterRepository = await call<Deployment>('GET', `/api/deployments/${id}`, caller);
  if (afterRepository.body.status !== 'repo_created') return { id, viaNetlify: false };
  const authorize = await call<{ url: string }>(
    'POST',
    `/api/deployments/${id}/netlify/authorize-url`,
    caller,
  );
  const url = new URL(authorize.body.url);
  const [account] = await netlifyControl.accounts();
  const { code } = await netlifyControl.authorize({
    client_id: url.searchParams.get('client_id')!,
    redirect_uri: url.searchParams.get('redirect_uri')!,
    account_id: account!.id,
    state: url.searchParams.get('state')!,
  });
  const callback = await call('POST', '/api/deployments/netlify/callback', caller, {
    code,
    state: url.searchParams.get('state'),
  });
  expect(callback.status).toBe(200);
  await settled();
  return { id, viaNetlify: true };
};

/** The Netlify site a deployment created, as Netlify's API shows it. */
const siteOf = async (id: string) => {
  const { data } = await DeploymentEntity.get({ id }).go();
  const sites = await netlifyControl.sites();
  return sites.find((site) => site.id === data?.netlify_site_id);
};

describe('deploys that really run', () => {
  let seller: Caller;
  let buyer: Caller;

  beforeAll(async () => {
    seller = await makeUser('seller');
    buyer = await makeUser('buyer');
    const template = await seedTemplate(seller.sub, { version_number: '1.0.0' });
    await connectGithub(buyer, `site-buyer-${randomUUID().slice(0, 8)}`, template.id);
  });

  it('builds a Vite template with vite build and publishes dist/, never the repository', async () => {
    const template = await templateWith(seller, offlineViteTemplate('Built by Vite'));
    const settings = await detectSettings(template.id, template.file_key!);
    expect(settings).toMatchObject<Partial<SiteSettings>>({
      hostable: true,
      framework: 'Vite',
      build_command: 'npm run build',
      publish_dir: 'dist',
      package_manager: 'npm',
    });

    const { id } = await deploy(buyer, template.id, 'vite-landing');
    const status = await call<Deployment>('GET', `/api/deployments/${id}`, buyer);
    expect(status.body).toMatchObject({
      status: 'completed',
      error_message: null,
      site_framework: 'Vite',
      repository_only: false,
    });
    const site = await siteOf(id);
    expect(site?.build_settings).toMatchObject({ cmd: 'npm run build', dir: 'dist' });

    const page = await fetch(status.body.netlify_site_url!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Built by Vite</h1>');
    // Vite's output, not the source: the module script was bundled into assets/.
    expect(html).toMatch(/src="\.\/assets\/index-[\w-]+\.js"/);
    expect(html).not.toContain('/src/main.js');
    for (const file of ['package.json', 'README.md', '.env.example', 'src/main.js']) {
      const answer = await fetch(new URL(file, status.body.netlify_site_url!));
      expect({ file, status: answer.status }).toEqual({ file, status: 404 });
    }
  });

  it('creates a Next.js site with its detected settings; uninstallable offline, it fails with that reason, never live', async () => {
    const files = {
      ...nextjsPnpm.files,
      // npm's lock instead of pnpm's: the install runs, and stops at the first uncached package.
      'package-lock.json': JSON.stringify({
        name: 'next-saas-starter',
        lockfileVersion: 3,
        requires: true,
        packages: {
          '': { name: 'next-saas-starter', dependencies: { next: '15.0.3' } },
          'node_modules/next': {
            version: '15.0.3',
            resolved: 'https://registry.npmjs.org/next/-/next-15.0.3.tgz',
            integrity:
              'sha512-ontCbCRKJUIoivAdGB34yCaOcPgYXr9AAkV/IwqFfWWTXEPUgLYkSkqBhIk9KK7gGmgjc64B+RdoeIDM13Irnw==',
          },
        },
      }),
      'package.json': JSON.stringify({
        name: 'next-saas-starter',
        private: true,
        scripts: { dev: 'next dev', build: 'next build', start: 'next start' },
        dependencies: { next: '15.0.3' },
      }),
    };
    delete (files as Record<string, string>)['pnpm-lock.yaml'];
    const template = await templateWith(seller, files);
    const settings = await detectSettings(template.id, template.file_key!);
    expect(settings).toMatchObject({
      framework: 'Next.js',
      build_command: 'npm run build',
      publish_dir: '.next',
    });

    const { id } = await deploy(buyer, template.id, 'next-saas');
    const site = await siteOf(id);
    expect(site?.build_settings).toMatchObject({ cmd: 'npm run build', dir: '.next' });
    const status = await call<Deployment>('GET', `/api/deployments/${id}`, buyer);
    expect(status.body).toMatchObject({
      status: 'failed',
      error_message: `${DEPLOY_MESSAGES.siteFailed}: Could not install dependencies without network access: next@15.0.3`,
    });
    expect(status.body.build_log_tail).toContain('npm ci --offline');
    expect(status.body.build_log_tail).toContain('ENOTCACHED');
    expect((await fetch(status.body.netlify_site_url!)).status).toBe(404);
  });

  it('publishes a static site at the root from a copy of its web files, none of the repository’s others', async () => {
    const template = await templateWith(seller, {
      'index.html':
        '<!doctype html><link rel="stylesheet" href="css/site.css"><h1>Root landing</h1>\n',
      'css/site.css': 'h1 { color: rebeccapurple }\n',
      'README.md': '# Root landing\n',
      'package.json': '{ "name": "root-landing", "private": true }\n',
      '.env.example': 'API_URL=\n',
    });
    const settings = await detectSettings(template.id, template.file_key!);
    expect(settings).toMatchObject({ framework: 'Static site', publish_dir: '_site' });

    const { id } = await deploy(buyer, template.id, 'root-landing');
    const status = await call<Deployment>('GET', `/api/deployments/${id}`, buyer);
    expect(status.body).toMatchObject({ status: 'completed', error_message: null });
    const site = status.body.netlify_site_url!;
    const page = await fetch(site);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1>Root landing</h1>');
    expect((await fetch(new URL('css/site.css', site))).status).toBe(200);
    for (const file of ['README.md', 'package.json', '.env.example']) {
      const answer = await fetch(new URL(file, site));
      expect({ file, status: answer.status }).toEqual({ file, status: 404 });
    }
  });

  it('does not call live a site that serves the repository’s files', async () => {
    // The seller's netlify.toml publishes the root: Netlify builds "successfully".
    const template = await templateWith(seller, {
      'netlify.toml': '[build]\n  publish = "."\n',
      'package.json': '{ "name": "leaky", "private": true }\n',
      'index.html': '<!doctype html><h1>Root</h1>\n',
    });
    await detectSettings(template.id, template.file_key!);
    const { id } = await deploy(buyer, template.id, 'leaky-site');
    const status = await call<Deployment>('GET', `/api/deployments/${id}`, buyer);
    expect(status.body).toMatchObject({
      status: 'failed',
      error_message: SITE_SETTINGS_MESSAGES.siteServesRepository('package.json'),
    });
    // Netlify itself called the build ready: only the request to the address found it out.
    const site = await siteOf(id);
    expect(site?.published_deploy?.state).toBe('ready');
  });

  it('deploys a Django template as a repository only, without Netlify', async () => {
    const template = await templateWith(seller, djangoCookiecutter.files);
    const settings = await detectSettings(template.id, template.file_key!);
    expect(settings).toMatchObject({
      hostable: false,
      reason: SITE_SETTINGS_MESSAGES.pythonServer,
    });
    const sitesBefore = (await netlifyControl.sites()).length;
    const { id, viaNetlify } = await deploy(buyer, template.id, 'django-app');
    expect(viaNetlify).toBe(false);
    const status = await call<Deployment>('GET', `/api/deployments/${id}`, buyer);
    expect(status.body).toMatchObject({
      status: 'completed',
      repository_only: true,
      netlify_site_url: null,
      error_message: null,
    });
    expect(status.body.github_repo_url).toContain('/django-app');
    expect((await netlifyControl.sites()).length).toBe(sitesBefore);
  });
});

/**
 * The real-world shapes (test/fixtures/real-templates) deployed as a buyer would: each with the
 * settings its files give, and an honest outcome. None of their packages are in this machine's
 * npm cache (and pnpm and bun are not installed here), so every site build fails offline, saying
 * why, and none is ever called live; the Django project stops at its repository.
 */
describe('real templates deployed', () => {
  let seller: Caller;
  let buyer: Caller;

  beforeAll(async () => {
    seller = await makeUser('seller');
    buyer = await makeUser('buyer');
    const template = await seedTemplate(seller.sub, { version_number: '1.0.0' });
    await connectGithub(buyer, `real-buyer-${randomUUID().slice(0, 8)}`, template.id);
  });

  it.each(REAL_TEMPLATES.map((shape, index) => [shape.name, shape, index] as const))(
    '%s: built with its detected settings, never live unless it is',
    async (_name, shape, index) => {
      const template = await templateWith(seller, shape.files);
      expect(await detectSettings(template.id, template.file_key!)).toMatchObject(shape.site);

      const { id, viaNetlify } = await deploy(buyer, template.id, `real-template-${index}`);
      const status = await call<Deployment>('GET', `/api/deployments/${id}`, buyer);
      expect(viaNetlify).toBe(shape.site.hostable);
      if (!shape.site.hostable) {
        expect(status.body).toMatchObject({
          status: 'completed',
          repository_only: true,
          netlify_site_url: null,
        });
        return;
      }
      const site = await siteOf(id);
      expect(site?.build_settings).toMatchObject({
        cmd: shape.site.build_command,
        dir: shape.site.publish_dir,
      });
      expect(status.body.status).toBe('failed');
      expect(status.body.error_message).toMatch(
        new RegExp(`^${DEPLOY_MESSAGES.siteFailed}: .*(install|network)`, 'i'),
      );
      expect(status.body.build_log_tail).toBeTruthy();
      // Nothing was published: neither the sources nor a half-built site.
      for (const file of ['', 'package.json', 'README.md']) {
        const answer = await fetch(new URL(file, status.body.netlify_site_url!));
        expect({ file, status: answer.status }).toEqual({ file, status: 404 });
      }
    },
  );
});
