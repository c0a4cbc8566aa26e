/// <reference lib="dom" />
/**
 * An issue an e-mail outage left unsent to some (its recipient failed, the issue failed) goes
 * again to the addresses it did not reach with "Send to the rest", and ends sent.
 *
 * A newsletter issue end to end: `admin@demo.local` composes an issue for
 * site_updates in the Newsletter tab's Issues panel and sends it; the newsletter-send state machine sends it through aws-ses-v2-local, where the
 * message for the seeded subscriber (the demo buyer) is found in `/store` with its one-click
 * headers; its unsubscribe link opens the page, which changes nothing until the button is
 * pressed, and then says so.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type {
  AdminNewsletterIssue,
  AdminNewsletterIssueDetail,
} from '../../contract/newsletter-issues';
import { openBrowser, useBrowserSession } from '../fixtures/e2e/browser';
import { signIn } from '../fixtures/e2e/sign-in';
import { baseUrl, screenshot } from '../fixtures/e2e/stack';

const ADMIN = { email: 'admin@demo.local', password: 'demo1234' };
/** Subscribed to site_updates by the demo seed (lib/local/seed/index.ts). */
const SUBSCRIBER = 'buyer@demo.local';

interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  headers?: { name: string; value: string }[];
}

const sesStore = async (): Promise<StoredMail[]> => {
  const response = await fetch(`${inject('e2eSesEndpoint')}/store`);
  return ((await response.json()) as { emails: StoredMail[] }).emails;
};

/** A call to the API as the signed-in browser session (its ID token). */
const apiAs = <T>(page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ({ method, path, body }) => {
      const key = Object.keys(localStorage).find((name) => name.endsWith('.idToken'));
      const token = key ? localStorage.getItem(key) : null;
      const response = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { method, path, body },
  ) as Promise<{ status: number; body: T }>;

/** The stack's own entities, configured for its table (as the fixtures do). */
const stackEntities = async () => {
  const { applyLambdaEnvironment } = await import('../../lib/local/cloud/lambda-env');
  applyLambdaEnvironment(inject('e2eStackEnv'));
  const [{ NewsletterIssueEntity }, { NewsletterRecipientEntity }] = await Promise.all([
    import('../../lambdas/shared/db/entities/newsletter-issue'),
    import('../../lambdas/shared/db/entities/newsletter-recipient'),
  ]);
  return { NewsletterIssueEntity, NewsletterRecipientEntity };
};

const mailsTo = async (subject: string, to: string) =>
  (await sesStore()).filter(
    (candidate) => candidate.subject === subject && candidate.destination.to.includes(to),
  ).length;

describe('newsletter sending', () => {
  const session = useBrowserSession();

  it('sends an issue to site_updates from the Issues panel, found in the local SES inbox, then unsubscribes through its link', async () => {
    const { page } = session;
    await signIn(page, ADMIN.email, ADMIN.password);
    const subject = `E2E issue ${randomUUID().slice(0, 8)}`;

    // Compose and send in the Newsletter tab's Issues panel, as an admin would.
    await page.goto('/admin?tab=newsletter');
    await page.getByRole('tab', { name: 'Issues' }).click();
    const panel = page.getByTestId('newsletter-issues-panel');
    const type = panel.getByTestId('issue-type');
    await expect.poll(() => type.isEnabled()).toBe(true);
    await type.selectOption('site_updates');
    await panel.getByTestId('issue-subject').fill(subject);
    await panel.getByTestId('issue-body').fill('# What is new\n\nFresh templates this week.');
    await panel.getByTestId('issue-save').click();
    await panel.getByTestId('issue-created').waitFor();
    const row = panel.getByTestId('newsletter-issue-row').filter({ hasText: subject });
    const issueId = await row.getAttribute('data-issue-id');
    expect(issueId).toBeTruthy();
    await row.getByTestId('issue-send').click();
    const audience = page.getByTestId('send-issue-audience');
    await audience.waitFor();
    expect(Number.parseInt((await audience.textContent()) ?? '0', 10)).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'admin-newsletter-send-confirm');
    await page.getByRole('button', { name: 'Send now' }).click();
    const created = { body: { id: issueId! } };

    // The state machine runs in the stack's process; the message arrives in the inbox.
    let mail: StoredMail | undefined;
    await expect
      .poll(
        async () => {
          mail = (await sesStore()).find(
            (candidate) =>
              candidate.subject === subject && candidate.destination.to.includes(SUBSCRIBER),
          );
          return Boolean(mail);
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    expect(mail!.headers).toEqual(
      expect.arrayContaining([
        { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
      ]),
    );
    await expect
      .poll(
        async () =>
          (
            await apiAs<AdminNewsletterIssueDetail>(
              page,
              'GET',
              `/api/admin/newsletter-issues/${created.body.id}`,
            )
          ).body.status,
        { timeout: 30_000, interval: 500 },
      )
      .toBe('sent');

    // The link in the message, as the reader would open it.
    const link = /(http\S+\/newsletter\/unsubscribe\?token=\S+)/.exec(mail!.body.text ?? '')?.[1];
    expect(link).toBeDefined();
    await page.goto(link!);
    const unsubscribe = page.getByTestId('newsletter-link-action');
    await unsubscribe.waitFor();
    await screenshot(page, 'newsletter-unsubscribe');
    // Opening the link changed nothing: the issue's audience still counts the reader.
    const second = await apiAs<AdminNewsletterIssue>(page, 'POST', '/api/admin/newsletter-issues', {
      newsletter_type_id: 'site_updates',
      subject: `${subject} (count)`,
      body: 'Counting.',
    });
    const audienceOf = async () =>
      (
        await apiAs<AdminNewsletterIssueDetail>(
          page,
          'GET',
          `/api/admin/newsletter-issues/${second.body.id}`,
        )
      ).body.audience ?? 0;
    const before = await audienceOf();
    expect(before).toBeGreaterThanOrEqual(1);

    await unsubscribe.click();
    const done = page.getByTestId('newsletter-link-done');
    await done.waitFor();
    expect(await done.textContent()).toContain('You have been unsubscribed from Site updates.');
    await screenshot(page, 'newsletter-unsubscribed');
    expect(await audienceOf()).toBe(before - 1);

    // The demo buyer subscribes again in their settings, as the seed left them: other files (the
    // admin's User subscriptions tab) read that subscription, in whatever order they run.
    const buyer = await openBrowser(baseUrl());
    try {
      await signIn(buyer.page, SUBSCRIBER, 'demo1234');
      const again = await apiAs<{ subscribed: boolean }>(buyer.page, 'PUT', '/api/me/newsletter', {
        newsletter_type_id: 'site_updates',
        subscribed: true,
      });
      expect(again.status).toBe(200);
    } finally {
      await buyer.close();
    }
    expect(await audienceOf()).toBe(before);
  }, 180_000);

  it('sends an issue that did not reach everyone to the rest only, from the Issues panel', async () => {
    const { page } = session;
    const { NewsletterIssueEntity, NewsletterRecipientEntity } = await stackEntities();
    await signIn(page, ADMIN.email, ADMIN.password);
    const subject = `E2E resend ${randomUUID().slice(0, 8)}`;
    const created = await apiAs<AdminNewsletterIssue>(
      page,
      'POST',
      '/api/admin/newsletter-issues',
      {
        newsletter_type_id: 'site_updates',
        subject,
        body: 'Sent twice only to those it missed.',
      },
    );
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await apiAs(page, 'POST', `/api/admin/newsletter-issues/${id}/send`)).status).toBe(202);
    await expect
      .poll(async () => (await NewsletterIssueEntity.get({ id }).go()).data?.status, {
        timeout: 30_000,
      })
      .toBe('sent');
    expect(await mailsTo(subject, SUBSCRIBER)).toBe(1);

    // As an e-mail outage leaves it (lambdas/newsletter/sending.ts): the subscriber's message
    // failed, the issue ended failed.
    const { data: issue } = await NewsletterIssueEntity.get({ id }).go();
    await NewsletterRecipientEntity.patch({ issue_id: id, email: SUBSCRIBER })
      .set({ status: 'failed', error: 'TimeoutError' })
      .go();
    await NewsletterIssueEntity.patch({ id })
      .set({ status: 'failed', sent_count: issue!.sent_count - 1, failed_count: 1 })
      .go();

    await page.goto('/admin?tab=newsletter');
    await page.getByRole('tab', { name: 'Issues' }).click();
    const row = page
      .getByTestId('newsletter-issues-panel')
      .getByTestId('newsletter-issue-row')
      .filter({ hasText: subject });
    await row.getByTestId('issue-send-again').click();
    const dialog = page.getByTestId('send-issue-dialog');
    await dialog.getByText('Send this issue to those it did not reach?').waitFor();
    expect(await dialog.getByTestId('send-issue-audience').textContent()).toBe('1 recipient');
    await screenshot(page, 'admin-newsletter-send-rest');
    await dialog.getByRole('button', { name: 'Send now' }).click();

    // The one it missed gets it now; it is sent, and nobody got it twice.
    await expect.poll(() => mailsTo(subject, SUBSCRIBER), { timeout: 30_000 }).toBe(2);
    await expect
      .poll(async () => (await row.getByTestId('newsletter-issue-status').textContent()) ?? '', {
        timeout: 30_000,
      })
      .toBe('Sent');
    const recipients = await NewsletterRecipientEntity.query
      .byIssue({ issue_id: id })
      .go({ limit: 1_000 });
    expect(recipients.data.every((recipient) => recipient.status === 'sent')).toBe(true);
    expect(await row.getByTestId('issue-send-again').count()).toBe(0);
  }, 180_000);
});
