/// <reference lib="dom" />
/**
 * Real-world template shapes (test/fixtures/real-templates) on the template page, as an anonymous
 * visitor sees them once they passed upload, scan and audit: the README as GitHub shows it (its
 * own images from the bundle, raw HTML, alerts, the page's one h1), the dependency report read from
 * the lock files they really ship (pnpm v9; uv.lock and bun.lock; Django's requirements/), and
 * what a deploy makes, said before anything is spent. Each template is published by this file.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SITE_SETTINGS_MESSAGES } from '../../contract/site-settings';
import { openBrowser } from '../fixtures/e2e/browser';
import { publishTemplateWithBundle } from '../fixtures/e2e/published-template';
import { baseUrl, screenshot } from '../fixtures/e2e/stack';
import { zipOf } from '../fixtures/archives/writers';
import {
  djangoCookiecutter,
  fastapiReact,
  nextjsSaas,
  type RealTemplate,
} from '../fixtures/real-templates/index';

const suffix = Date.now().toString(36);

const publish = (shape: RealTemplate, title: string) =>
  publishTemplateWithBundle({ title, bundle: zipOf(shape.files), fileName: 'starter.zip' });

/** The template page scrolled to the section headed `name` (sections below render near view). */
const scrollTo = (page: Page, name: string) =>
  page.getByRole('heading', { name, exact: true }).scrollIntoViewIfNeeded();

const securityReport = async (page: Page) => {
  await scrollTo(page, 'Security');
  const report = page.getByTestId('security-report');
  await report.waitFor();
  return report;
};

describe('real templates on the template page', () => {
  const titles = {
    saas: `E2E SaaS Starter ${suffix}`,
    fullStack: `E2E Full Stack FastAPI ${suffix}`,
    django: `E2E Django Project ${suffix}`,
  };
  const ids = { saas: '', fullStack: '', django: '' };

  beforeAll(async () => {
    ids.saas = await publish(nextjsSaas, titles.saas);
    ids.fullStack = await publish(fastapiReact, titles.fullStack);
    ids.django = await publish(djangoCookiecutter, titles.django);
  }, 180_000);

  it('a Next.js SaaS starter: its README as GitHub shows it, its pnpm lock audited, a Next.js site', async () => {
    const visitor = await openBrowser(baseUrl());
    const { page } = visitor;
    try {
      await page.goto(`/mvp/${ids.saas}`);
      await page.getByRole('heading', { level: 1, name: titles.saas }).waitFor();

      // Before anything is spent: what a deploy makes.
      expect(await page.getByTestId('deploy-outcome-note').textContent()).toBe(
        SITE_SETTINGS_MESSAGES.deploysAsSite('Next.js'),
      );

      await scrollTo(page, 'Code preview');
      const readme = page.getByTestId('readme');
      await readme.waitFor();
      // The README's relative images load from the bundle's own files.
      for (const alt of ['Acme SaaS logo', 'Screenshot of the pricing page']) {
        const image = readme.getByRole('img', { name: alt });
        await expect
          .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth), {
            timeout: 15_000,
          })
          .toBeGreaterThan(0);
      }
      // Raw HTML rendered (a table, <details>, alignment), never shown as text.
      expect(await readme.locator('table').count()).toBe(2);
      expect(await readme.locator('details summary').textContent()).toBe('Environment variables');
      expect(await readme.locator('p[align="center"] img').count()).toBe(1);
      expect(await readme.textContent()).not.toContain('<p align');
      // GitHub's alerts as callouts, not as "[!WARNING]".
      expect(await readme.locator('.readme-alert-title').allTextContents()).toEqual(
        nextjsSaas.readme!.alerts,
      );
      expect(await readme.textContent()).not.toContain('[!WARNING]');
      // The README's own title is a heading below the page's one h1.
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      await screenshot(page, 'real-template-nextjs-readme');

      const report = await securityReport(page);
      expect(await report.getByTestId('security-lock-files').textContent()).toContain(
        'pnpm-lock.yaml',
      );
      const advisories = await report
        .getByTestId('security-finding')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-advisory')));
      expect(advisories).toEqual(nextjsSaas.audit.advisories);
      expect(await report.getByTestId('security-unreadable').count()).toBe(0);
    } finally {
      await visitor.close();
    }
  });

  it('a FastAPI + React template: both its uv.lock and its bun.lock read, no "no lock file"', async () => {
    const visitor = await openBrowser(baseUrl());
    const { page } = visitor;
    try {
      await page.goto(`/mvp/${ids.fullStack}`);
      await page.getByRole('heading', { level: 1, name: titles.fullStack }).waitFor();
      const report = await securityReport(page);
      const readFrom = await report.getByTestId('security-lock-files').textContent();
      expect(readFrom).toContain('backend/uv.lock');
      expect(readFrom).toContain('frontend/bun.lock');
      expect(await report.textContent()).not.toMatch(/no lock file/i);
      const advisories = await report
        .getByTestId('security-finding')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-advisory')));
      expect([...advisories].sort()).toEqual([...fastapiReact.audit.advisories].sort());
      await screenshot(page, 'real-template-fastapi-security');
    } finally {
      await visitor.close();
    }
  });

  it('a Django project: its requirements read, and it says it deploys as a repository only', async () => {
    const visitor = await openBrowser(baseUrl());
    const { page } = visitor;
    try {
      await page.goto(`/mvp/${ids.django}`);
      await page.getByRole('heading', { level: 1, name: titles.django }).waitFor();
      expect(await page.getByTestId('deploy-outcome-note').textContent()).toBe(
        SITE_SETTINGS_MESSAGES.repositoryOnly,
      );
      const report = await securityReport(page);
      expect(await report.getByTestId('security-lock-files').textContent()).toContain(
        'requirements/base.txt',
      );
      expect(await report.getAttribute('data-status')).toBe('checked');
      await screenshot(page, 'real-template-django');
    } finally {
      await visitor.close();
    }
  });
});
