/** buyer-deploy task: openUpgrade (lambdas/deployments/steps/upgrade.ts says what it does). */
import { openUpgrade } from '../steps/upgrade';
import { stepInputSchema } from './schema';

export const handler = async (event: unknown) => openUpgrade(stepInputSchema.parse(event));
