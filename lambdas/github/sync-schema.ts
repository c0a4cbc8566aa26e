/** The github-sync state machine's input and its tasks' results (state-machines/github-sync.asl.json). */
import * as z from 'zod';

export const syncInputSchema = z.object({
  mvpId: z.string().min(1),
  sha: z.string().regex(/^[0-9a-f]{40}$/),
  installationId: z.number().int().positive(),
  owner: z.string().min(1),
  name: z.string().min(1),
  bump: z.enum(['major', 'minor', 'patch']).default('patch'),
});
export type SyncInput = z.infer<typeof syncInputSchema>;

export interface FetchedArchive {
  /** True when the commit is already the template's last synced one (or it is unlinked): end. */
  skip: boolean;
  versionId?: string;
  fileKey?: string;
  fileSize?: number;
  fileName?: string;
}

export const registerInputSchema = syncInputSchema.extend({
  archive: z.object({
    skip: z.literal(false),
    versionId: z.string().min(1),
    fileKey: z.string().min(1),
    fileSize: z.number().int().positive(),
    fileName: z.string().min(1),
  }),
});

/** Bundles are at most 100 MB, as on upload. */
export const MAX_ARCHIVE_BYTES = 100 * 1024 * 1024;
