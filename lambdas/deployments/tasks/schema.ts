/** The input every buyer-deploy task gets (state-machines/buyer-deploy.asl.json). */
import * as z from 'zod';

export const stepInputSchema = z.object({
  deploymentId: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/),
});

/** MarkFailed's: the phase that failed, and the name of the error the state machine caught. */
export const failedInputSchema = stepInputSchema.extend({
  phase: z.enum(['repository', 'site', 'upgrade']),
  error: z.string().max(200).optional(),
});
