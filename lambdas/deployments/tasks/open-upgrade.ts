/** buyer-deploy task: openUpgrade (lambdas/deployments/steps/upgrade.ts says what it does). */
import { openUpgrade } from '../steps/upgrade';
import { stepInputSchema } from './schema';
import { taskHandler } from '../../shared/task-handler';

const thisTask = async (event: unknown) => openUpgrade(stepInputSchema.parse(event));

export const handler = taskHandler('deployments/open-upgrade', thisTask);
