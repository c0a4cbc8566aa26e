/** Request schemas of the security report routes. */
import * as z from 'zod';
import { templateIdSchema } from '../../contract/catalog';

export const templatePathSchema = z.object({ id: templateIdSchema });

export const versionPathSchema = z.object({
  id: templateIdSchema,
  versionId: z.string().trim().min(1, 'Version not found.').max(64, 'Version not found.'),
});
