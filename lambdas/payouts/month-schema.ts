/** The month and the payout key, shared by the payouts routes' and the monthly run's schemas. */
import * as z from 'zod';
import { MONTH_PATTERN } from './months';

export const monthYearSchema = z
  .string()
  .regex(MONTH_PATTERN, { message: 'month_year must be a month as YYYY-MM.' });

/** One payout, as the Map state lists it. */
export const payoutKeySchema = z.object({
  seller_id: z.string().min(1),
  month_year: monthYearSchema,
});
