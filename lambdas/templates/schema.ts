/** Request schemas of the seller routes that are not shared with the frontend. */
import * as z from 'zod';
import { templateIdSchema } from '../../contract/catalog';

export { templateIdParamsSchema } from '../../contract/ids';

export const versionParamsSchema = z.object({
  id: templateIdSchema,
  versionId: z.string().trim().min(1, 'Version not found.').max(64, 'Version not found.'),
});
