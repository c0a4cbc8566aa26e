/**
 * Input schemas of the payouts routes and the schedule's task. Each step of the monthly run keeps
 * its input schema in its own file (lambdas/payouts/tasks), so that it builds only its own at cold
 * start (docs/architecture.md, Cold starts).
 */
import * as z from 'zod';
import {
  ADMIN_PAYOUT_FILTERS,
  ADMIN_PAYOUT_MESSAGES,
  PAYOUT_FILTERS,
} from '../../contract/payouts';
import { MONTH_PATTERN } from './months';
import { monthYearSchema } from './month-schema';

export { monthYearSchema, payoutKeySchema } from './month-schema';

export const PAYOUT_FILTER_MESSAGE = `Status must be one of ${PAYOUT_FILTERS.join(', ')}.`;

/** `GET /api/payouts?status=all|pending|completed|failed` (default all). */
export const listMyPayoutsQuerySchema = z.object({
  status: z.enum(PAYOUT_FILTERS, { message: PAYOUT_FILTER_MESSAGE }).default('all'),
});

/** `GET /api/admin/payouts?status=pending|processing|completed|failed` (default pending). */
export const adminPayoutsQuerySchema = z.object({
  status: z
    .enum(ADMIN_PAYOUT_FILTERS, { message: ADMIN_PAYOUT_MESSAGES.statusFilter })
    .default('pending'),
});

/** `/api/admin/payouts/{sellerId}/{monthYear}/…`; a seller id of no payout is simply not found. */
export const payoutPathSchema = z.object({
  sellerId: z
    .string()
    .trim()
    .min(1, ADMIN_PAYOUT_MESSAGES.notFound)
    .max(128, ADMIN_PAYOUT_MESSAGES.notFound),
  monthYear: z.string().regex(MONTH_PATTERN, { message: 'The month must be YYYY-MM.' }),
});

/**
 * The schedule's task: an EventBridge scheduled event (its `time` says which month ended), or
 * `{ month_year }` for a run started by hand.
 */
export const startMonthlyPayoutsInputSchema = z.union([
  z.object({ month_year: monthYearSchema }),
  z.object({ time: z.iso.datetime({ offset: true }) }),
]);
