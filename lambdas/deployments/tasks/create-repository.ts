/** buyer-deploy task: createRepository (lambdas/deployments/steps/repository.ts says what it does). */
import { createRepository } from '../steps/repository';
import { stepInputSchema } from './schema';
import { taskHandler } from '../../shared/task-handler';

const thisTask = async (event: unknown) => createRepository(stepInputSchema.parse(event));

export const handler = taskHandler('deployments/create-repository', thisTask);
