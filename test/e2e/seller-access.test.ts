/**
 * Who may open the seller pages: signed-out visitors are sent to sign in (and My MVPs asks them
 * to), a buyer sees Seller Approval Required on /upload and the product's refusal on another seller's
 * edit page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSession } from '../fixtures/e2e/browser';

describe('access to the seller pages', () => {
  const session = useBrowserSession();
  let templateId: string;

  beforeAll(async () => {
    const { page } = session;
    await page.goto('/mvps');
    const card = page.getByTestId('mvp-card').first();
    await card.waitFor();
    templateId = (await card.getAttribute('data-mvp-id')) ?? '';
  });

  it('sends signed-out visitors of /upload and the edit page to sign in', async () => {
    const { page } = session;
    await page.goto('/upload');
    await page.waitForURL('**/auth');
    await page.goto(`/mvp/${templateId}/edit`);
    await page.waitForURL('**/auth');
  });

  it('asks signed-out visitors of My MVPs to sign in', async () => {
    const { page } = session;
    await page.goto('/my-mvps');
    await page.getByText('Please sign in to view your MVPs').waitFor();
    expect(await page.getByRole('link', { name: 'Sign In' }).count()).toBeGreaterThan(0);
  });

  it("refuses a buyer the upload page and another seller's edit page", async () => {
    const { page } = session;
    await page.goto('/auth');
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Email').fill('buyer@demo.local');
    await signIn.getByLabel('Password').fill('demo1234');
    await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();

    await page.goto('/upload');
    await page.getByText('Seller Approval Required').first().waitFor();
    await page.goto(`/mvp/${templateId}/edit`);
    await page.getByText('You are not authorized to edit this MVP.').waitFor();
  });
});
