/// <reference lib="dom" />
/** The home page: live hero stats, how-it-works, testimonials and the featured templates. */
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { baseUrl, screenshot } from '../fixtures/e2e/stack';

describe('home', () => {
  const session = useBrowserSession();

  it('shows live stats from the API and the fixed figures', async () => {
    const { page } = session;
    const stats = (await (await fetch(`${baseUrl()}/api/stats`)).json()) as {
      mvps_launched: number;
      templates: number;
    };
    expect(stats.templates).toBeGreaterThanOrEqual(30);
    await page.goto('/');
    const templates = page.getByTestId('hero-stat-templates');
    await expect.poll(() => templates.textContent(), { timeout: 15_000 }).toMatch(/^\d+Templates$/);
    expect(
      Number((await templates.textContent())?.replace('Templates', '')),
    ).toBeGreaterThanOrEqual(30);
    // No bare 0: the stat appears once a deployment has completed.
    if (stats.mvps_launched === 0) {
      expect(await page.getByTestId('hero-stat-mvps-launched').count()).toBe(0);
    } else {
      expect(await page.getByTestId('hero-stat-mvps-launched').textContent()).toBe(
        `${stats.mvps_launched.toLocaleString('en-GB')}MVPs Launched`,
      );
    }
    expect(await page.getByText('98%').isVisible()).toBe(true);
    expect(await page.getByTestId('hero-stat-avg.-hours-to-launch').textContent()).toBe(
      '24Avg. Hours to Launch',
    );
    await page.getByRole('heading', { name: 'How it works' }).waitFor();
    await page.getByRole('heading', { name: 'Loved by founders' }).waitFor();
  });

  it('shows 3 featured templates, the most downloaded first; a pill shows its category', async () => {
    const { page } = session;
    await page.goto('/');
    const featured = page.getByTestId('featured-templates');
    await featured.waitFor();
    const cards = featured.getByTestId('mvp-card');
    expect(await cards.count()).toBe(3);
    const topOf = async (category?: string) =>
      (
        (await (
          await fetch(
            `${baseUrl()}/api/mvps?sort=download_count&limit=6${category ? `&category=${encodeURIComponent(category)}` : ''}`,
          )
        ).json()) as { items: { id: string }[] }
      ).items
        .slice(0, 3)
        .map((item) => item.id);
    const ids = () =>
      cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-mvp-id')));
    expect(await ids()).toEqual(await topOf());

    const pill = page.getByRole('button', { name: 'E-commerce', exact: true });
    await pill.click();
    expect(await pill.getAttribute('aria-pressed')).toBe('true');
    const expected = await topOf('E-commerce');
    expect(expected.length).toBeGreaterThan(0);
    await expect.poll(ids).toEqual(expected);
    expect(
      await page.getByRole('link', { name: 'View all E-commerce templates' }).getAttribute('href'),
    ).toBe('/mvps?category=E-commerce');
    await screenshot(page, 'home-full');
  });
});
