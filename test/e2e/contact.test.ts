/// <reference lib="dom" />
/**
 * Contact messages end to end: a visitor sends the `/contact` form and reads the
 * team's thank-you; `admin@demo.local` finds the message in the overview's "Contact messages"
 * card (and a bell notification), marks it handled, and finds it among the handled ones. The
 * page, the card and the User Management tab (whose role selects must be dark too) are
 * photographed in light and dark mode (test/fixtures/e2e/stack.ts, `screenshot`).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '../../contract/contact';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { signIn } from '../fixtures/e2e/sign-in';
import { screenshot } from '../fixtures/e2e/stack';

const ADMIN = { email: 'admin@demo.local', password: 'demo1234' };

const setDarkMode = (page: Page, dark: boolean) =>
  page.evaluate((value) => localStorage.setItem('darkMode', String(value)), dark);

/** The perceived lightness (0–255) of a CSS color such as `rgb(24, 24, 27)`. */
const lightness = (color: string): number => {
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number);
  return 0.299 * r + 0.587 * g + 0.114 * b;
};

describe('contact messages', () => {
  const session = useBrowserSession();
  const subject = `Agency licence ${Date.now().toString(36)}`;

  it('lets a visitor send the contact form and shows the thank-you', async () => {
    const { page } = session;
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.waitFor();

    // The schema's messages, in place, before anything is sent.
    await form.getByRole('button', { name: 'Send message' }).click();
    await form.getByText(CONTACT_MESSAGES.nameRequired).waitFor();
    await form.getByText(CONTACT_MESSAGES.messageTooShort).waitFor();

    await form.getByRole('textbox', { name: /^Name/ }).fill('Grace Visitor');
    await form.getByRole('textbox', { name: /^E-mail/ }).fill('grace@example.com');
    await form.getByRole('textbox', { name: /^Subject/ }).fill(subject);
    await form
      .getByRole('textbox', { name: /^Message/ })
      .fill('Can one licence cover several client projects?\nWe are a small agency.');
    await form.getByRole('button', { name: 'Send message' }).click();
    const sent = page.getByTestId('contact-sent');
    await sent.waitFor();
    expect(await sent.textContent()).toContain(CONTACT_MESSAGES.sent);
    await screenshot(page, 'contact-sent-light');

    for (const dark of [false, true]) {
      await setDarkMode(page, dark);
      await page.goto('/support');
      await page.getByRole('heading', { name: 'Support', level: 1 }).waitFor();
      await screenshot(page, `contact-form-${dark ? 'dark' : 'light'}`);
    }
    await setDarkMode(page, false);
  });

  it('shows the message to the admin in the overview, who marks it handled', async () => {
    const { page } = session;
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin?tab=overview');
    const card = page.getByTestId('overview-contact-messages');
    const row = card.getByTestId('contact-message').filter({ hasText: subject });
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain('Grace Visitor');
    expect(text).toContain('grace@example.com');
    expect(text).toContain('Can one licence cover several client projects?');
    expect(text).not.toContain('We are a small agency.');
    await screenshot(page, 'admin-overview-contact-light');

    // The admins' bell has it too.
    await page.goto('/notifications');
    await page.getByText(`New contact message from Grace Visitor: ${subject}`).first().waitFor();

    await page.goto('/admin?tab=overview');
    await row.waitFor();
    await row.getByRole('button', { name: 'Mark as handled' }).click();
    await row.waitFor({ state: 'detached' });

    await card.getByTestId('contact-status-toggle').click();
    const handled = card.getByTestId('contact-message').filter({ hasText: subject });
    await handled.waitFor();
    expect(await handled.textContent()).toContain('handled');
    expect(await handled.getByRole('button', { name: 'Mark as handled' }).count()).toBe(0);

    await setDarkMode(page, true);
    await page.goto('/admin?tab=overview');
    await card.getByTestId('contact-status-toggle').click();
    await card.getByTestId('contact-message').filter({ hasText: subject }).waitFor();
    await screenshot(page, 'admin-overview-contact-dark');
  });

  it('draws the user management selects dark in dark mode, however dark mode was chosen', async () => {
    const { page } = session;
    const readSelects = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('select')].map((select) => {
          const style = getComputedStyle(select);
          const option = select.options[0] ? getComputedStyle(select.options[0]) : null;
          return {
            label: select.getAttribute('aria-label') ?? select.name,
            colorScheme: style.colorScheme,
            color: style.color,
            optionBackground: option?.backgroundColor ?? '',
            optionColor: option?.color ?? '',
          };
        }),
      );
    const expectDark = async () => {
      const selects = await readSelects();
      expect(selects.length).toBeGreaterThan(1);
      for (const select of selects) {
        // `color-scheme: dark` is what makes the browser draw the open list dark as well.
        expect(select.colorScheme, select.label).toContain('dark');
        expect(lightness(select.color), select.label).toBeGreaterThan(150);
        expect(lightness(select.optionBackground), select.label).toBeLessThan(100);
        expect(lightness(select.optionColor), select.label).toBeGreaterThan(150);
      }
    };

    // Stored dark mode, on a system that prefers light.
    await page.emulateMedia({ colorScheme: 'light' });
    await setDarkMode(page, true);
    await page.goto('/admin?tab=users');
    await page.locator('[data-testid="admin-users"][aria-busy="false"]').waitFor();
    await expectDark();
    await screenshot(page, 'admin-users-dark');
    // The open list, as a person sees it (Chromium draws it into the page). Any user's select: the
    // list is newest first, so the demo buyer may be on a later page once other files signed up.
    const role = page.locator('select[aria-label^="Role of "]:not([disabled])').first();
    await role.click();
    await role.getByRole('option', { name: 'Seller', exact: true }).hover();
    await screenshot(page, 'admin-users-dark-open-select');
    await page.keyboard.press('Escape');

    // Switched with the header's toggle while the tab is open.
    await page.getByRole('button', { name: 'Toggle dark mode' }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      false,
    );
    await role.click();
    await role.getByRole('option', { name: 'Seller', exact: true }).hover();
    await screenshot(page, 'admin-users-light-open-select');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Toggle dark mode' }).click();
    await expectDark();
    await setDarkMode(page, false);
  });
});
