/** Request schemas of the refund routes that the shared contracts do not already give. */
import * as z from 'zod';
import { REFUND_MESSAGES } from '../../contract/refunds';

/** `/api/admin/refund-requests/{id}/…`; an id of no request is simply not found (404). */
export const refundRequestPathSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1, REFUND_MESSAGES.requestNotFound)
    .max(64, REFUND_MESSAGES.requestNotFound),
});
