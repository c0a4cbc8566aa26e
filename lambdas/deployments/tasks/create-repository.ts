/** buyer-deploy task: createRepository (lambdas/deployments/steps/repository.ts says what it does). */
import { createRepository } from '../steps/repository';
import { stepInputSchema } from './schema';

export const handler = async (event: unknown) => createRepository(stepInputSchema.parse(event));
