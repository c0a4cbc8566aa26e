/** The input every buyer-deploy task gets (state-machines/buyer-deploy.asl.json). */
import * as z from 'zod';

export const stepInputSchema = z.object({
  deploymentId: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/),
});

export const failedInputSchema = stepInputSchema.extend({
  phase: z.enum(['repository', 'site', 'upgrade']),
});
