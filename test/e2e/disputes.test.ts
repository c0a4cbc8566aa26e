/// <reference lib="dom" />
/**
 * Disputes as the demo buyer, who has a seeded download of Feedback Board (by launchpad): the
 * signed-out redirect, the product's validation messages including the 20-character rule, the
 * detail with its timeline, Next Steps and Contact Support, the dispute in the seller's history,
 * and 'You do not have permission to view this dispute' for anyone else.
 */
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { signIn, submitSignIn } from '../fixtures/e2e/sign-in';
import { screenshot } from '../fixtures/e2e/stack';

const FEEDBACK_BOARD = '01JNNEBK80MFMQCDSM4G1BRC7G';

describe('disputes', () => {
  const session = useBrowserSession();
  let disputeUrl = '';

  const signOut = async () => {
    await session.page.getByRole('button', { name: 'Sign Out' }).click();
    await session.page.getByRole('link', { name: 'Sign In' }).first().waitFor();
  };

  it('sends a signed-out visitor to /auth, and back to the dispute form after signing in', async () => {
    const { page } = session;
    await page.goto(`/dispute/${FEEDBACK_BOARD}`);
    await page.waitForURL('**/auth');
    await submitSignIn(page, 'buyer@demo.local', 'demo1234');
    await page.waitForURL(`**/dispute/${FEEDBACK_BOARD}`);
    await page.getByRole('form', { name: 'New dispute' }).waitFor();
  });

  it('files a dispute about the downloaded template after the validation messages', async () => {
    const { page } = session;
    const form = page.getByRole('form', { name: 'New dispute' });
    // The template from the URL is preselected: the buyer downloaded it.
    const template = form.getByLabel('MVP');
    expect(await template.inputValue()).toBe(FEEDBACK_BOARD);
    await template.selectOption('');
    expect(await form.getByText('No MVP selected').isVisible()).toBe(true);
    await form.getByRole('button', { name: 'Submit Dispute' }).click();
    await form.getByText('Please select an MVP', { exact: true }).waitFor();
    expect(await form.getByText('Please provide a reason for the dispute').isVisible()).toBe(true);
    expect(
      await form
        .getByText('Please provide more details about the issue (minimum 20 characters)')
        .isVisible(),
    ).toBe(true);

    await template.selectOption(FEEDBACK_BOARD);
    const reasons = await form.getByLabel('Reason').locator('option').allTextContents();
    expect(reasons.slice(1)).toEqual([
      'Non-functioning code',
      'Missing features',
      'Incompatible with advertised platforms',
      'Security vulnerabilities',
      'Misrepresented functionality',
      'Other',
    ]);
    await form.getByLabel('Reason').selectOption('Missing features');
    await form.getByLabel('Details').fill('Too short to help');
    await form.getByRole('button', { name: 'Submit Dispute' }).click();
    await form
      .getByText('Please provide more details about the issue (minimum 20 characters)')
      .waitFor();
    await screenshot(page, 'dispute-errors');

    await form
      .getByLabel('Details')
      .fill('The advertised email notifications on status change are not in the bundle.');
    await form.getByRole('button', { name: 'Submit Dispute' }).click();
    const success = page.getByTestId('dispute-success');
    await success.waitFor();
    expect(await success.textContent()).toContain(
      'Dispute submitted successfully. We will review it shortly.',
    );
    await success.getByRole('link', { name: 'View dispute' }).click();
    await page.waitForURL('**/disputes/*');
    disputeUrl = new URL(page.url()).pathname;
  });

  it('shows the detail with timeline, Next Steps and Contact Support while open', async () => {
    const { page } = session;
    await page.reload();
    await page.getByRole('heading', { name: 'Dispute: Feedback Board' }).waitFor();
    expect(await page.getByText('Missing features').isVisible()).toBe(true);
    // The seller by display name, never by e-mail address.
    expect(await page.getByText('Launchpad Labs').first().isVisible()).toBe(true);
    expect(await page.getByText('seller@demo.local').count()).toBe(0);
    expect(await page.getByTestId('timeline-step').count()).toBe(3);
    const nextSteps = page.getByTestId('next-steps');
    expect(await nextSteps.textContent()).toContain('2 to 3 business days');
    expect(
      await nextSteps.getByRole('link', { name: 'Contact Support' }).getAttribute('href'),
    ).toBe('/support');
    expect(await page.getByRole('link', { name: 'View MVP' }).getAttribute('href')).toBe(
      `/mvp/${FEEDBACK_BOARD}`,
    );
    await screenshot(page, 'dispute-detail');

    await page.goto('/dispute');
    await page.getByRole('tab', { name: 'Dispute History' }).click();
    const row = page.getByTestId('dispute-row').first();
    await row.waitFor();
    expect(await row.getByRole('link').getAttribute('href')).toBe(disputeUrl);
    await signOut();
  });

  it('lists the dispute to the seller and opens it for them', async () => {
    const { page } = session;
    await signIn(page, 'seller@demo.local', 'demo1234');
    await page.goto('/dispute');
    await page.getByRole('tab', { name: 'Dispute History' }).click();
    const row = page.getByTestId('dispute-row').filter({
      has: page.locator(`a[href="${disputeUrl}"]`),
    });
    await row.waitFor();
    expect(await row.textContent()).toContain('seller');
    await page.goto(disputeUrl);
    await page.getByRole('heading', { name: 'Dispute: Feedback Board' }).waitFor();
    await signOut();
  });

  it('tells anyone else they may not view it', async () => {
    const { page } = session;
    await signIn(page, 'studio@demo.local', 'demo1234');
    await page.goto(disputeUrl);
    const error = page.getByTestId('dispute-detail-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('You do not have permission to view this dispute');
    expect(await page.getByText('Missing features').count()).toBe(0);
    await screenshot(page, 'dispute-forbidden');
    await signOut();
  });
});
