/** buyer-deploy's catch-all: a step that failed unexpectedly marks its deployment failed. */
import { markFailed } from '../steps/mark-failed';
import { failedInputSchema } from './schema';
import { taskHandler } from '../../shared/task-handler';

const thisTask = async (event: unknown) => markFailed(failedInputSchema.parse(event));

export const handler = taskHandler('deployments/mark-failed', thisTask);
