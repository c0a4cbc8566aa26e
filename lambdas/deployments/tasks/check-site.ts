/** buyer-deploy task: checkSite (lambdas/deployments/steps/check.ts says what it does). */
import { checkSite } from '../steps/check';
import { stepInputSchema } from './schema';
import { taskHandler } from '../../shared/task-handler';

const thisTask = async (event: unknown) => checkSite(stepInputSchema.parse(event));

export const handler = taskHandler('deployments/check-site', thisTask);
