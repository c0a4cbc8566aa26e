import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { detectSiteSettings } from '../../../../lambdas/deployments/site-settings';
import { STATIC_ROOT_BUILD, STATIC_ROOT_PUBLISH_DIR } from '../../../../contract/site-settings';
import {
  SITE_TEMPLATES,
  nextjsPnpm,
  templateFilesOf,
  viteReact,
} from '../../../fixtures/site-templates';
import { djangoCookiecutter as realDjango } from '../../../fixtures/real-templates/django-cookiecutter';
import { nextjsBoilerplate } from '../../../fixtures/real-templates/nextjs-boilerplate';
import { REAL_TEMPLATES } from '../../../fixtures/real-templates/index';

describe('detectSiteSettings', () => {
  it.each(SITE_TEMPLATES.map((template) => [template.name, template] as const))(
    '%s',
    async (_name, template) => {
      const settings = await detectSiteSettings(templateFilesOf(template.files));
      expect(settings).toMatchObject(template.expected);
      expect(Boolean(settings.reason)).toBe(!template.expected.hostable);
    },
  );

  it("takes netlify.toml's [build] over the detection, base folder included", async () => {
    const settings = await detectSiteSettings(
      templateFilesOf({
        ...Object.fromEntries(Object.entries(viteReact.files).map(([p, c]) => [`web/${p}`, c])),
        'netlify.toml':
          '[build]\n  base = "web"\n  command = "npm run build:prod"\n  publish = "out"\n',
      }),
    );
    expect(settings).toMatchObject({
      hostable: true,
      framework: 'Vite',
      base_dir: 'web',
      build_command: 'npm run build:prod',
      publish_dir: 'out',
    });
  });

  it('an empty command in netlify.toml means nothing to build, whatever the framework', async () => {
    const settings = await detectSiteSettings(
      templateFilesOf({
        ...nextjsPnpm.files,
        'netlify.toml': '[build]\n  command = ""\n  publish = "public"\n',
        'public/index.html': '<h1>Static</h1>',
      }),
    );
    expect(settings).toMatchObject({
      framework: 'Next.js',
      build_command: null,
      publish_dir: 'public',
    });
  });

  it('reads the real-shaped templates as Netlify would', async () => {
    await expect(
      detectSiteSettings(templateFilesOf(nextjsBoilerplate.files)),
    ).resolves.toMatchObject({
      hostable: true,
      framework: 'Next.js',
      publish_dir: '.next',
    });
    await expect(detectSiteSettings(templateFilesOf(realDjango.files))).resolves.toMatchObject({
      hostable: false,
    });
  });

  it.each(REAL_TEMPLATES.map((shape) => [shape.name, shape] as const))(
    '%s: detected as Netlify would build it',
    async (_name, shape) => {
      await expect(detectSiteSettings(templateFilesOf(shape.files))).resolves.toMatchObject(
        shape.site,
      );
    },
  );

  it('a static site at the root is published through a copy of its web files, never the root', async () => {
    const files = {
      'index.html': '<!doctype html><h1>Landing</h1>',
      'about/index.html': '<h1>About</h1>',
      'css/site.css': 'body { margin: 0 }',
      'js/app.js': 'console.log(1)',
      'img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'data/plans.json': '[]',
      'robots.txt': 'User-agent: *',
      'README.md': '# Landing',
      LICENSE: 'MIT',
      '.env.example': 'API_URL=',
      '.github/workflows/ci.yml': 'on: push',
      'package.json': '{ "name": "landing", "private": true }',
      'tailwind.config.js': 'module.exports = {}',
    };
    const settings = await detectSiteSettings(templateFilesOf(files));
    expect(settings).toMatchObject({
      hostable: true,
      framework: 'Static site',
      build_command: STATIC_ROOT_BUILD,
      publish_dir: STATIC_ROOT_PUBLISH_DIR,
    });

    // The command, run twice as a rebuild would, publishes the site's files and nothing else.
    const dir = await mkdtemp(join(tmpdir(), 'static-root-'));
    try {
      for (const [path, text] of Object.entries(files)) {
        await mkdir(dirname(join(dir, path)), { recursive: true });
        await writeFile(join(dir, path), text);
      }
      await promisify(execFile)('sh', ['-c', `${STATIC_ROOT_BUILD} && ${STATIC_ROOT_BUILD}`], {
        cwd: dir,
      });
      const out = join(dir, STATIC_ROOT_PUBLISH_DIR);
      const published = (await readdir(out, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => relative(out, join(entry.parentPath, entry.name)))
        .sort();
      expect(published).toEqual([
        'about/index.html',
        'css/site.css',
        'data/plans.json',
        'img/logo.svg',
        'index.html',
        'js/app.js',
        'robots.txt',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a README alone is no site', async () => {
    await expect(
      detectSiteSettings(templateFilesOf({ 'README.md': '# Notes\n' })),
    ).resolves.toMatchObject({ hostable: false, framework: null });
  });
});
