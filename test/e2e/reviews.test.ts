/**
 * Reviewing a template: the rating is required ('Please select a rating.'), a submitted review is
 * listed with its label and verified flag, the average and count move, and the success text goes
 * away after 3 seconds.
 */
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { signIn } from '../fixtures/e2e/sign-in';
import { screenshot } from '../fixtures/e2e/stack';
import { templateIdByTitle } from '../fixtures/e2e/templates';

const countOf = (text: string | null) => Number(/· (\d+) reviews?/.exec(text ?? '')?.[1] ?? 0);

describe('reviews', () => {
  const session = useBrowserSession();

  it('asks signed-out visitors to sign in to review', async () => {
    const { page } = session;
    await page.goto(`/mvp/${await templateIdByTitle('Status Page')}`);
    const section = page.getByTestId('reviews-section');
    await section.getByText('Sign in to review this template.').waitFor();
    expect(await section.getByRole('form', { name: 'Write a review' }).count()).toBe(0);
  });

  it('leaves a review as the demo buyer and sees it listed with the average updated', async () => {
    const { page } = session;
    await signIn(page, 'buyer@demo.local', 'demo1234');
    await page.goto(`/mvp/${await templateIdByTitle('Status Page')}`);
    const summary = page.getByTestId('reviews-summary');
    await summary.waitFor();
    const before = countOf(await summary.textContent());

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
    await expect.poll(async () => countOf(await summary.textContent())).toBe(before + 1);

    // The success text clears after 3 seconds.
    await message.waitFor({ state: 'detached', timeout: 6_000 });
    await page.getByRole('button', { name: 'Sign Out' }).click();
  });
});
