/** buyer-deploy task: checkSite (lambdas/deployments/steps/check.ts says what it does). */
import { checkSite } from '../steps/check';
import { stepInputSchema } from './schema';

export const handler = async (event: unknown) => checkSite(stepInputSchema.parse(event));
