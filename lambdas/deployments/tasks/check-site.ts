/** buyer-deploy task: checkSite (lambdas/deployments/worker.ts says what it does). */
import { checkSite } from '../worker';
import { stepInputSchema } from './schema';

export const handler = async (event: unknown) => checkSite(stepInputSchema.parse(event));
