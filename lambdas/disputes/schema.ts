/** Request schemas of the dispute routes that the shared contracts do not already give. */
import * as z from 'zod';
import { DISPUTE_MESSAGES } from '../../contract/disputes';

/** `/api/disputes/{id}`; an id of no dispute is simply not found (404). */
export const disputePathSchema = z.object({
  id: z.string().trim().min(1, DISPUTE_MESSAGES.notFound).max(64, DISPUTE_MESSAGES.notFound),
});
