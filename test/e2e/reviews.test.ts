/**
 * Reviewing a template: the rating is required ('Please select a rating.'), a submitted review is
 * listed with its label and verified flag, the list grows, and the success text goes away after 3
 * seconds. A reviewer finds their review in the form, told that saving replaces it, edits it and
 * deletes it; a verified buyer's review says "Verified buyer" and counts in the average.
 */
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { signIn } from '../fixtures/e2e/sign-in';
import { screenshot } from '../fixtures/e2e/stack';
import { templateIdByTitle } from '../fixtures/e2e/templates';

/** The verified ratings the summary counts ("4.5 out of 5 · 3 verified ratings"). */
const verifiedOf = (text: string | null) =>
  Number(/· (\d+) verified ratings?/.exec(text ?? '')?.[1] ?? 0);

describe('reviews', () => {
  const session = useBrowserSession();

  it('asks signed-out visitors to sign in to review', async () => {
    const { page } = session;
    await page.goto(`/mvp/${await templateIdByTitle('Status Page')}`);
    const section = page.getByTestId('reviews-section');
    await section.getByText('Sign in to review this template.').waitFor();
    expect(await section.getByRole('form', { name: 'Write a review' }).count()).toBe(0);
  });

  it('leaves a review as the demo buyer and sees it listed', async () => {
    const { page } = session;
    await signIn(page, 'buyer@demo.local', 'demo1234');
    await page.goto(`/mvp/${await templateIdByTitle('Status Page')}`);
    const reviews = page.getByTestId('review');
    await page.getByTestId('reviews-summary').waitFor();
    const before = await reviews.count();

    const form = page.getByRole('form', { name: 'Write a review' });
    await form.getByRole('button', { name: 'Submit Review' }).click();
    const message = form.getByTestId('review-message');
    await message.waitFor();
    expect(await message.textContent()).toContain('Please select a rating.');

    await form.getByRole('button', { name: '4 stars, Great' }).click();
    expect(await form.getByTestId('rating-label').textContent()).toBe('Great');
    const text = `Clean status page, set up in minutes (${Date.now()}).`;
    await form.getByLabel('Your review (optional)').fill(text);
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expect.poll(() => message.textContent()).toContain('Review submitted successfully!');
    await screenshot(page, 'review-submitted');

    const review = page.getByTestId('review').filter({ hasText: text });
    await review.waitFor();
    expect(await review.textContent()).toContain('Great');
    await expect.poll(() => reviews.count()).toBe(before + 1);

    // The success text clears after 3 seconds.
    await message.waitFor({ state: 'detached', timeout: 6_000 });
    await page.getByRole('button', { name: 'Sign Out' }).click();
  });

  it('shows the buyer their review of a template they downloaded, to edit and to delete', async () => {
    const { page } = session;
    await signIn(page, 'buyer@demo.local', 'demo1234');
    // The seed gives the demo buyer a download and a review of Feedback Board.
    await page.goto(`/mvp/${await templateIdByTitle('Feedback Board')}`);
    const summary = page.getByTestId('reviews-summary');
    const form = page.getByRole('form', { name: 'Write a review' });
    await form.getByTestId('review-replaces').waitFor();
    expect(await form.getByTestId('review-replaces').textContent()).toContain(
      'Saving replaces your review.',
    );
    const textarea = form.getByLabel('Your review (optional)');
    const seeded = await textarea.inputValue();
    expect(seeded).toBe('Clean code and easy to theme.');
    const own = page.getByTestId('review').filter({ hasText: seeded });
    expect(await own.getByTestId('verified-buyer').textContent()).toContain('Verified buyer');
    const verified = verifiedOf(await summary.textContent());
    expect(verified).toBeGreaterThan(0);
    await screenshot(page, 'review-form-existing');

    // Edit: the one review changes in place, the verified count stays.
    const edited = `Clean code, and the roadmap view is lovely (${Date.now()}).`;
    await form.getByRole('button', { name: '5 stars, Excellent' }).click();
    await textarea.fill(edited);
    await form.getByRole('button', { name: 'Update Review' }).click();
    const message = form.getByTestId('review-message');
    await expect.poll(() => message.textContent()).toContain('Review submitted successfully!');
    const updated = page.getByTestId('review').filter({ hasText: edited });
    await updated.waitFor();
    expect(await updated.getByTestId('verified-buyer').count()).toBe(1);
    expect(await page.getByTestId('review').filter({ hasText: seeded }).count()).toBe(0);
    expect(verifiedOf(await summary.textContent())).toBe(verified);

    // Delete, after a confirmation: the review leaves the list and the average.
    await form.getByRole('button', { name: 'Delete Review' }).click();
    const dialog = page.getByTestId('delete-review-dialog');
    await dialog.getByRole('button', { name: 'Delete review' }).click();
    await expect.poll(() => message.textContent()).toContain('Your review was deleted.');
    await updated.waitFor({ state: 'detached' });
    await expect.poll(async () => verifiedOf(await summary.textContent())).toBe(verified - 1);
    await form.getByRole('button', { name: 'Submit Review' }).waitFor();
    expect(await textarea.inputValue()).toBe('');

    // Written again as the seed had it, so the demo data stays as it was.
    await form.getByRole('button', { name: '4 stars, Great' }).click();
    await textarea.fill(seeded);
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expect.poll(async () => verifiedOf(await summary.textContent())).toBe(verified);
    await page.getByRole('button', { name: 'Sign Out' }).click();
  });
});
