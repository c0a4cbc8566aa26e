/**
 * The demo templates' Live Demo and Repository links (lib/local/seed/demo-sites.ts) against the
 * local GitHub and Netlify servers: every approved template's links lead to its own built site
 * there (no placeholder address); a free template's repository page is public and holds the same
 * starter as the bundle, whose README lists exactly the bundle's files; a paid template's
 * repository is private (GitHub's 404 page, and `git clone` without credentials fails) while its
 * site is still built from it (through a deploy key); a second run makes nothing more; GitHub's
 * secondary limit is waited out, not the end of the seed.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { startLocalGithub } from '../../../lib/local/servers/github/index';
import { createLocalGithubControl } from '../../../lib/local/servers/github/control-client';
import { createLocalNetlifyControl } from '../../../lib/local/servers/netlify/control-client';
import { DEMO_LINKED_TEMPLATE_ID } from '../../../lib/local/seed/github';
import {
  demoLinksOf,
  isDemoRepositoryPrivate,
  seedDemoSites,
} from '../../../lib/local/seed/demo-sites';
import { starterFiles } from '../../../lib/local/seed/starter';
import { seedTemplates } from '../../../lib/local/seed/templates';

const cloud = inject('localCloud');
const servers = {
  github: {
    endpoint: cloud.github.apiUrl,
    control: createLocalGithubControl(cloud.github.apiUrl),
  },
  netlify: {
    endpoint: cloud.netlify.apiUrl,
    control: createLocalNetlifyControl(cloud.netlify.apiUrl),
  },
};
const endpoints = { github: cloud.github.apiUrl, netlify: cloud.netlify.apiUrl };
/**
 * Three approved templates of different sellers (the linked one has its own seed), and a free
 * one (public repository) when those are all paid.
 */
const approved = seedTemplates.filter(
  (template) => template.status === 'approved' && template.id !== DEMO_LINKED_TEMPLATE_ID,
);
const firstThree = approved
  .filter(
    (template, index, all) => all.findIndex((other) => other.seller === template.seller) === index,
  )
  .slice(0, 3);
const templates = firstThree.some((template) => template.accessTier === 'free')
  ? firstThree
  : [...firstThree, ...approved.filter((template) => template.accessTier === 'free').slice(0, 1)];

/** `git clone` as a visitor without an account: no credentials, no prompt. */
const cloneAnonymously = async (url: string): Promise<boolean> => {
  const work = await mkdtemp(join(tmpdir(), 'anonymous-clone-'));
  try {
    await promisify(execFile)('git', ['clone', '--depth', '1', url, join(work, 'repo')], {
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_ASKPASS: '/bin/false' },
    });
    return true;
  } catch {
    return false;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
};
let sitesAfterFirst = 0;

beforeAll(async () => {
  await seedDemoSites(servers, templates);
  await servers.netlify.control.waitForBuilds(30_000);
  sitesAfterFirst = (await servers.netlify.control.sites()).length;
  await seedDemoSites(servers, templates);
}, 120_000);

describe('demo template links', () => {
  it('point at the local servers, never a placeholder', () => {
    expect(templates.length).toBeGreaterThanOrEqual(2);
    for (const template of seedTemplates.filter((item) => item.status === 'approved')) {
      const links = demoLinksOf(template, endpoints);
      expect(links.demoUrl.startsWith(`${cloud.netlify.apiUrl}/sites/`)).toBe(true);
      expect(links.githubUrl.startsWith(`${cloud.github.apiUrl}/demo-`)).toBe(true);
      expect(JSON.stringify(links)).not.toContain('example.com');
    }
  });

  it("open the template's built site, and a free template's repository page", async () => {
    expect(templates.some((template) => isDemoRepositoryPrivate(template))).toBe(true);
    expect(templates.some((template) => !isDemoRepositoryPrivate(template))).toBe(true);
    for (const template of templates) {
      const links = demoLinksOf(template, endpoints);
      const repository = await fetch(links.githubUrl);
      if (isDemoRepositoryPrivate(template)) {
        // A paid template's source stays paid for: GitHub's 404 for a private repository.
        expect(repository.status, links.githubUrl).toBe(404);
      } else {
        expect(repository.status, links.githubUrl).toBe(200);
        const page = await repository.text();
        for (const path of ['README.md', 'package.json', 'public/index.html', 'src/index.ts']) {
          expect(page).toContain(`<code>${path}</code>`);
        }
      }
      const site = await fetch(links.demoUrl);
      expect(site.status, links.demoUrl).toBe(200);
      expect(await site.text()).toContain(template.title);
    }
  });

  it("cannot be cloned without an account when the template is paid; a free one's can", async () => {
    for (const template of templates) {
      const { githubUrl } = demoLinksOf(template, endpoints);
      const [owner, repo] = new URL(githubUrl).pathname.slice(1).split('/');
      const gitUrl = `${cloud.github.apiUrl}/git/${owner}/${repo}.git`;
      expect(await cloneAnonymously(gitUrl), gitUrl).toBe(!isDemoRepositoryPrivate(template));
    }
  });

  it('makes nothing more on a second run', async () => {
    expect((await servers.netlify.control.sites()).length).toBe(sitesAfterFirst);
  });
});

describe('demo repositories under GitHub’s secondary limit', () => {
  it('are all made: the writes go a second apart and a refusal is waited out as GitHub says', async () => {
    const github = await startLocalGithub({ port: 0 });
    try {
      // Two writes in 2.5 s (GitHub's is 80 a minute): a one-second pace meets a refusal.
      await github.control.secondaryLimit({ per_minute: 2, minute_ms: 2_500 });
      const template = templates.find((item) => !isDemoRepositoryPrivate(item))!;
      await seedDemoSites(
        { ...servers, github: { endpoint: github.endpoint, control: github.control } },
        [template],
      );
      const { githubUrl } = demoLinksOf(template, {
        github: github.endpoint,
        netlify: cloud.netlify.apiUrl,
      });
      const page = await fetch(githubUrl);
      expect(page.status, githubUrl).toBe(200);
      expect(await page.text()).toContain('<code>package.json</code>');
      const { usage } = await github.control.secondaryLimit();
      expect(usage.refused).toBeGreaterThanOrEqual(1);
    } finally {
      await github.stop();
    }
  }, 60_000);
});

describe('demo bundle README', () => {
  it('lists exactly the files the bundle holds', () => {
    for (const template of seedTemplates) {
      const files = starterFiles(template);
      const [readmePath] = Object.keys(files).filter((path) => path.endsWith('/README.md'));
      const readme = files[readmePath!]!;
      const top = readmePath!.slice(0, readmePath!.indexOf('/') + 1);
      const listed = [...readme.matchAll(/^- `([^`]+)`/gm)].map((match) => match[1]);
      expect(listed.sort()).toEqual(
        Object.keys(files)
          .map((path) => path.slice(top.length))
          .sort(),
      );
    }
  });
});
