/** Request schemas of the download routes. */
import * as z from 'zod';
import { bundleImageTypeOf, isNormalBundlePath } from '../../contract/bundle-paths';
import { templateIdSchema } from '../../contract/catalog';
import { CODE_PREVIEW_MESSAGES } from '../../contract/downloads';

/** `/api/mvps/{id}/…` path parameters. */
export const templatePathSchema = z.object({ id: templateIdSchema });

/** `GET /api/downloads?limit=&cursor=`. */
export const myDownloadsQuerySchema = z.object({
  limit: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return 50;
      const parsed = Number(value);
      if (!Number.isInteger(parsed) || parsed < 1 || parsed > 100) {
        ctx.addIssue({ code: 'custom', message: 'Limit must be a whole number from 1 to 100.' });
        return z.NEVER;
      }
      return parsed;
    }),
  cursor: z.string().max(2048, 'The cursor is malformed.').optional(),
});

/** `GET /api/mvps/{id}/files/content?path=`: a file's path inside the bundle, as listed. */
export const fileContentQuerySchema = z.object({
  path: z
    .string({ error: 'Choose a file to read.' })
    .min(1, 'Choose a file to read.')
    .max(1024, 'The file path is too long.'),
});

/**
 * `GET /api/mvps/{id}/files/image?path=`: an image's path inside the bundle, in the one form the
 * listing writes (the browser resolves `./` and `../` before asking).
 */
export const fileImageQuerySchema = z.object({
  path: z
    .string({ error: 'Choose an image to show.' })
    .min(1, 'Choose an image to show.')
    .max(1024, 'The file path is too long.')
    .refine(isNormalBundlePath, CODE_PREVIEW_MESSAGES.notInBundle)
    .refine((path) => bundleImageTypeOf(path) !== null, CODE_PREVIEW_MESSAGES.notAnImage),
});
