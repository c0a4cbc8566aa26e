/** buyer-deploy task: planSite (lambdas/deployments/steps/site-plan.ts says what it does). */
import { planSite } from '../steps/site-plan';
import { stepInputSchema } from './schema';
import { taskHandler } from '../../shared/task-handler';

const thisTask = async (event: unknown) => planSite(stepInputSchema.parse(event));

export const handler = taskHandler('deployments/plan-site', thisTask);
