/** buyer-deploy task: createSite (lambdas/deployments/worker.ts says what it does). */
import { createSite } from '../worker';
import { stepInputSchema } from './schema';

export const handler = async (event: unknown) => createSite(stepInputSchema.parse(event));
