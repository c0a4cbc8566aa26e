/** Request schemas of the security report routes. */
import * as z from 'zod';
import { PICTURE_MESSAGES } from '../../contract/build-pictures';
import { templateIdSchema } from '../../contract/catalog';
import { CAPTURE_VIEWPORTS } from '../../contract/design/capture';

export const templatePathSchema = z.object({ id: templateIdSchema });

export const versionPathSchema = z.object({
  id: templateIdSchema,
  versionId: z.string().trim().min(1, 'Version not found.').max(64, 'Version not found.'),
});

export const picturePathSchema = z.object({
  id: templateIdSchema,
  viewport: z.enum(CAPTURE_VIEWPORTS, { error: PICTURE_MESSAGES.badViewport }),
});
