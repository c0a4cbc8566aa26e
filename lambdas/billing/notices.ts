/**
 * What the webhook tells a buyer about their money: a receipt for each paid invoice, the licence
 * of a one-time purchase, a failed renewal and a refund paid. Each is one notification (and so one
 * e-mail) written in the same transaction as the event's effect and claim, so a redelivered event
 * never tells anyone twice. Amounts in the currency's major unit, dates in en-GB.
 */
import { notificationWrites } from '../notifications/service';

/** Minor units (pence) as money: `4900, 'gbp'` → "£49.00". */
export const formatMoney = (minor: number, currency: string): string =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() }).format(
    minor / 100,
  );

/** An ISO time as an en-GB date: "27 November 2026". */
export const formatDate = (iso: string): string =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

const planName = (plan: string) => `${plan.charAt(0).toUpperCase()}${plan.slice(1)}`;

/** A paid subscription invoice: the receipt. */
export const paymentReceiptWrites = (input: {
  userId: string;
  amount: number;
  currency: string;
  plan: string;
  periodStart: string;
  periodEnd: string;
  now: string;
}) =>
  notificationWrites(
    {
      userId: input.userId,
      type: 'payment_succeeded',
      message: `We received your payment of ${formatMoney(input.amount, input.currency)} for the ${planName(input.plan)} plan, for ${formatDate(input.periodStart)} to ${formatDate(input.periodEnd)}.`,
      link: '/dashboard',
    },
    input.now,
  );

/**
 * A one-time purchase: one notification is both receipt and licence (a transaction may hold the
 * user's unread counter only once).
 */
export const purchaseLicenseWrites = (input: {
  userId: string;
  licenseId: string;
  title: string;
  amount: number;
  currency: string;
  now: string;
}) =>
  notificationWrites(
    {
      userId: input.userId,
      type: 'licence_issued',
      message: `Thank you for buying "${input.title}" for ${formatMoney(input.amount, input.currency)}. Your licence certificate is ready.`,
      link: `/licenses/${input.licenseId}`,
    },
    input.now,
  );

/** A renewal that could not be charged. */
export const paymentFailedWrites = (input: {
  userId: string;
  amount: number;
  currency: string;
  now: string;
}) =>
  notificationWrites(
    {
      userId: input.userId,
      type: 'payment_failed',
      message: `We could not take your payment of ${formatMoney(input.amount, input.currency)} for your plan. Please update your card so your downloads keep working.`,
      link: '/dashboard',
    },
    input.now,
  );
