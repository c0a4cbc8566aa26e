/** Request schemas of the seller routes that are not shared with the frontend. */
import * as z from 'zod';
import { mvpIdSchema } from '../../contract/catalog';

export { mvpIdParamsSchema } from '../../contract/ids';

export const versionParamsSchema = z.object({
  id: mvpIdSchema,
  versionId: z.string().trim().min(1, 'Version not found.').max(64, 'Version not found.'),
});
