/** Money out: sellers connect Stripe Express, admins run and follow the monthly payouts. */
import type * as z from 'zod';
import type { ConnectLoginLink } from '../billing';
import type {
  AdminPayoutFilter,
  AdminPayoutList,
  PayoutFilter,
  payoutRunInputSchema,
  PayoutRunList,
  ProcessPayoutResult,
  SellerPayouts,
  StartedPayoutRunResult,
} from '../payouts';
import { defineRoutes, route } from './table';

export const payoutsRoutes = defineRoutes('payouts', {
  'POST /api/connect/login-link': route<{ response: ConnectLoginLink }>({
    operation: 'create-connect-login-link',
    access: 'approved-seller',
    summary: "A one-time link into the caller's Stripe Express dashboard.",
  }),
  'GET /api/payouts': route<{ query: { status?: PayoutFilter }; response: SellerPayouts }>({
    operation: 'list-my-payouts',
    access: 'approved-seller',
    summary:
      "The caller's payouts by month (status filter) with the four summary figures of the payouts page.",
  }),
  'GET /api/admin/payouts': route<{
    query: { status?: AdminPayoutFilter };
    response: AdminPayoutList;
  }>({
    operation: 'list-payouts-by-status',
    access: 'admin',
    summary: 'Payouts of one status (pending by default), oldest month first, with the seller.',
  }),
  'POST /api/admin/payouts/{sellerId}/{monthYear}/process': route<{
    response: ProcessPayoutResult;
  }>({
    operation: 'process-payout',
    access: 'admin',
    summary:
      "Pay a pending or failed payout now through the monthly run's transfer (Stripe Connect).",
  }),
  'GET /api/admin/payout-runs': route<{ response: PayoutRunList }>({
    operation: 'list-payout-runs',
    access: 'admin',
    summary: 'The monthly payout runs owed over the last year: completed, running or missed.',
  }),
  'POST /api/admin/payout-runs': route<{
    body: z.input<typeof payoutRunInputSchema>;
    response: StartedPayoutRunResult;
  }>({
    operation: 'run-payouts-for-month',
    access: 'admin',
    summary:
      'Run the payouts of an ended month that was never run (audited; a month already run is refused).',
  }),
});
