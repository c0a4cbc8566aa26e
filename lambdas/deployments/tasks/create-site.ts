/** buyer-deploy task: createSite (lambdas/deployments/steps/site.ts says what it does). */
import { createSite } from '../steps/site';
import { stepInputSchema } from './schema';
import { taskHandler } from '../../shared/task-handler';

const thisTask = async (event: unknown) => createSite(stepInputSchema.parse(event));

export const handler = taskHandler('deployments/create-site', thisTask);
