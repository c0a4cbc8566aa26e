/** buyer-deploy task: createRepository (lambdas/deployments/worker.ts says what it does). */
import { createRepository } from '../worker';
import { stepInputSchema } from './schema';

export const handler = async (event: unknown) => createRepository(stepInputSchema.parse(event));
