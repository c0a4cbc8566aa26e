/**
 * The e-mail outbox spread over shards (docs/data-model.md, section 3.7): notifications written
 * at once land in several partitions; one run drains every shard (and the partition of before the
 * shards), within its budget and paced to its share of the SES rate; two runs at once never send
 * an entry twice; SES's throttling leaves the entries for the next run without counting a failure.
 * The sends here go to a recording stand-in for SES (the end-to-end sends are in
 * notification-emails.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  RUN_SECONDS,
  deliverPendingEmails,
  notificationSendRate,
  runBudget,
  type Send,
} from '../../../../lambdas/notifications/email-delivery';
import { notificationWrites } from '../../../../lambdas/notifications/service';
import { MailThrottledError, type OutgoingMail } from '../../../../lambdas/shared/adapters/mailer';
import {
  EmailOutboxEntity,
  LegacyEmailOutboxEntity,
  OUTBOX_SHARDS,
  type EmailOutboxItem,
} from '../../../../lambdas/shared/db/entities/email-outbox';
import { transactWrite } from '../../../../lambdas/shared/db/transaction';
import { putProfile } from '../../../fixtures/profiles';

/** Every entry of the sharded outbox (this file's table holds only this file's). */
const outbox = async (): Promise<EmailOutboxItem[]> =>
  (
    await Promise.all(
      Array.from({ length: OUTBOX_SHARDS }, (_, shard) =>
        EmailOutboxEntity.query.byShard({ shard }).go({ pages: 'all', consistent: true }),
      ),
    )
  ).flatMap(({ data }) => data);

const legacyOutbox = async () =>
  (await LegacyEmailOutboxEntity.query.byId({}).go({ pages: 'all', consistent: true })).data;

/** Users with an address, each notified once inside a transaction (no immediate send). */
const notifyUsers = async (count: number): Promise<string[]> => {
  const emails: string[] = [];
  await Promise.all(
    Array.from({ length: count }, async () => {
      const id = `outbox-${randomUUID()}`;
      const email = `${id}@example.com`;
      emails.push(email);
      await putProfile({ id, email, display_name: 'Outbox Reader' });
      const result = await transactWrite({
        notification: notificationWrites({
          userId: id,
          type: 'payout_completed',
          message: 'Your payout was sent.',
          link: '/payouts',
        }),
      });
      expect(result.canceled).toBe(false);
    }),
  );
  return emails;
};

/** A stand-in for SES that records each address it was asked to send to. */
const recordingSend = () => {
  const sentTo: string[] = [];
  const send: Send = async (mail: OutgoingMail) => {
    sentTo.push(mail.to);
    return `message-${sentTo.length}`;
  };
  return { sentTo, send };
};

/** Nothing left from an earlier test of this file: every entry sent, fast. */
const drain = async () => {
  await deliverPendingEmails({ send: recordingSend().send, rate: 1_000 });
  expect(await outbox()).toEqual([]);
};

describe('the sharded outbox', () => {
  it('spreads entries over shards, and one run drains every shard', async () => {
    await drain();
    const emails = await notifyUsers(40);
    const entries = await outbox();
    expect(entries).toHaveLength(40);
    // 40 notifications over 8 shards: several partitions, not one.
    expect(new Set(entries.map((entry) => entry.shard)).size).toBeGreaterThan(2);

    const { sentTo, send } = recordingSend();
    const report = await deliverPendingEmails({ send, rate: 1_000 });
    expect(report).toEqual({ sent: 40, skipped: 0, failed: 0, left: 0 });
    expect(sentTo.sort()).toEqual([...emails].sort());
    expect(await outbox()).toEqual([]);
  });

  it('sends at most its budget a run, paced to its rate, and the next run goes on', async () => {
    await drain();
    const emails = await notifyUsers(12);
    const { sentTo, send } = recordingSend();

    const started = Date.now();
    const first = await deliverPendingEmails({ send, rate: 20, limit: 8 });
    const elapsed = Date.now() - started;
    expect(first).toMatchObject({ sent: 8, left: 0 });
    // Eight starts at 20 a second: the last one no sooner than 7 × 50 ms after the first.
    expect(elapsed).toBeGreaterThanOrEqual(7 * 50 - 5);
    expect(await outbox()).toHaveLength(4);

    const second = await deliverPendingEmails({ send, rate: 1_000 });
    expect(second).toMatchObject({ sent: 4, left: 0 });
    expect(sentTo.sort()).toEqual([...emails].sort());

    // The budget follows the account's rate: its share for the run's seconds.
    expect(runBudget(notificationSendRate(14))).toBe(Math.floor(14 * 0.5 * RUN_SECONDS));
    expect(runBudget(notificationSendRate(100))).toBe(Math.floor(100 * 0.5 * RUN_SECONDS));
  });

  it('never sends an entry twice when two runs drain at once', async () => {
    await drain();
    const emails = await notifyUsers(24);
    // Both runs have a send in flight before either finishes one (a barrier, not a sleep).
    const sentTo: string[] = [];
    const arrivals: (() => void)[] = [];
    let barrierMet = false;
    const send: Send = async (mail) => {
      sentTo.push(mail.to);
      if (!barrierMet) {
        await new Promise<void>((resolve) => {
          arrivals.push(resolve);
          if (arrivals.length >= 2) {
            barrierMet = true;
            for (const go of arrivals.splice(0)) go();
          }
        });
      }
      return 'message';
    };
    const [a, b] = await Promise.all([
      deliverPendingEmails({ send, rate: 1_000 }),
      deliverPendingEmails({ send, rate: 1_000 }),
    ]);
    expect(barrierMet).toBe(true);
    expect(a.sent + b.sent).toBe(24);
    expect(sentTo.sort()).toEqual([...emails].sort());
    expect(await outbox()).toEqual([]);
  });

  it('drains the entries written before the shards, too', async () => {
    await drain();
    const id = `outbox-${randomUUID()}`;
    await putProfile({ id, email: `${id}@example.com`, display_name: 'Old Entry' });
    const now = new Date().toISOString();
    await LegacyEmailOutboxEntity.create({
      id: `01J${randomUUID().replace(/-/g, '').slice(0, 23).toUpperCase()}`,
      user_id: id,
      type: 'payout_completed',
      message: 'Your payout was sent.',
      created_at: now,
      attempts: 0,
      expires_at: Math.floor(Date.now() / 1000) + 3_600,
    }).go();
    expect(await legacyOutbox()).toHaveLength(1);

    const { sentTo, send } = recordingSend();
    expect(await deliverPendingEmails({ send, rate: 1_000 })).toMatchObject({ sent: 1 });
    expect(sentTo).toEqual([`${id}@example.com`]);
    expect(await legacyOutbox()).toEqual([]);
  });

  it('stops the run when SES throttles, leaving the entries uncounted for the next run', async () => {
    await drain();
    await notifyUsers(5);
    const throttling: Send = () => Promise.reject(new MailThrottledError('Maximum sending rate'));
    const report = await deliverPendingEmails({ send: throttling, rate: 1_000 });
    expect(report.sent).toBe(0);
    expect(report.failed).toBe(0);
    const entries = await outbox();
    expect(entries).toHaveLength(5);
    // Not a failure of the entry: no attempt counted; the throttled ones wait a minute.
    expect(entries.every((entry) => entry.attempts === 0)).toBe(true);
    expect(entries.every((entry) => entry.leased_until === undefined)).toBe(true);
  });
});
