/** buyer-deploy task: createSite (lambdas/deployments/steps/site.ts says what it does). */
import { createSite } from '../steps/site';
import { stepInputSchema } from './schema';

export const handler = async (event: unknown) => createSite(stepInputSchema.parse(event));
