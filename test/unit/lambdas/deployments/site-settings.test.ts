import { describe, expect, it } from 'vitest';
import { detectSiteSettings } from '../../../../lambdas/deployments/site-settings';
import {
  SITE_TEMPLATES,
  nextjsPnpm,
  templateFilesOf,
  viteReact,
} from '../../../fixtures/site-templates';
import { djangoCookiecutter as realDjango } from '../../../fixtures/real-templates/django-cookiecutter';
import { nextjsBoilerplate } from '../../../fixtures/real-templates/nextjs-boilerplate';

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

  it('a README alone is no site', async () => {
    await expect(
      detectSiteSettings(templateFilesOf({ 'README.md': '# Notes\n' })),
    ).resolves.toMatchObject({ hostable: false, framework: null });
  });
});
