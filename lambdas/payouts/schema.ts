/** Input schemas of the payouts routes and Step Functions tasks. */
import * as z from 'zod';
import {
  ADMIN_PAYOUT_FILTERS,
  ADMIN_PAYOUT_MESSAGES,
  PAYOUT_FILTERS,
} from '../../contract/payouts';
import { MONTH_PATTERN } from './months';

export const PAYOUT_FILTER_MESSAGE = `Status must be one of ${PAYOUT_FILTERS.join(', ')}.`;

/** `GET /api/payouts?status=all|pending|completed|failed` (default all). */
export const listMyPayoutsQuerySchema = z.object({
  status: z.enum(PAYOUT_FILTERS, { message: PAYOUT_FILTER_MESSAGE }).default('all'),
});

export const monthYearSchema = z
  .string()
  .regex(MONTH_PATTERN, { message: 'month_year must be a month as YYYY-MM.' });

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

/** One payout, as the Map state lists it. */
export const payoutKeySchema = z.object({
  seller_id: z.string().min(1),
  month_year: monthYearSchema,
});

/**
 * A batch of the Transfers map (its ItemBatcher): the payouts to pay, and the run's month
 * (BatchInput). Bounded by the map's MaxItemsPerBatch; the schema's cap is a backstop.
 */
export const transferBatchSchema = z.object({
  BatchInput: z.object({ month_year: monthYearSchema }),
  Items: z.array(payoutKeySchema).min(1).max(1_000),
});

/** Prepare: the month, and the execution that runs it (its lease holder). */
export const preparePayoutsInputSchema = z.object({
  month_year: monthYearSchema,
  executionName: z.string().min(1),
  /** `$$.Execution.StartTime`: which rows found already there this execution created. */
  executionStartedAt: z.iso.datetime({ offset: true }).optional(),
});

/** Finish: Prepare's result (its counts and the list object), and the execution. */
export const finishPayoutRunInputSchema = z.object({
  run: z.object({
    month_year: monthYearSchema,
    pool_amount: z.number().int().nonnegative(),
    total_downloads: z.number().int().nonnegative(),
    payouts_created: z.number().int().nonnegative(),
    payouts_to_transfer: z.number().int().nonnegative(),
    list: z.object({ bucket: z.string().min(1), key: z.string().min(1) }),
  }),
  executionName: z.string().min(1),
});

/**
 * The schedule's task: an EventBridge scheduled event (its `time` says which month ended), or
 * `{ month_year }` for a run started by hand.
 */
export const startMonthlyPayoutsInputSchema = z.union([
  z.object({ month_year: monthYearSchema }),
  z.object({ time: z.iso.datetime({ offset: true }) }),
]);
