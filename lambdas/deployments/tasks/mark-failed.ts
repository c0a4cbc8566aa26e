/** buyer-deploy's catch-all: a step that failed unexpectedly marks its deployment failed. */
import { markFailed } from '../steps/mark-failed';
import { failedInputSchema } from './schema';

export const handler = async (event: unknown) => markFailed(failedInputSchema.parse(event));
