/**
 * The data that flows through the processing state machine (state-machines/mvp-processing.asl.json).
 * Each task takes and returns plain JSON; the state machine keeps the original input at the top
 * level and adds each step's result under its own key (`$.scan`, `$.pin`, `$.error`).
 */
import * as z from 'zod';

/** The execution input, defined by the templates domain that starts the pipeline. */
export { processingInputSchema, type ProcessingInput } from '../templates/processing-input';

export const scanFindingSchema = z.object({
  /** The archive entry the finding is about (the archive's own name for archive-level findings). */
  file: z.string(),
  rule: z.string(),
  message: z.string(),
});
export type ScanFinding = z.infer<typeof scanFindingSchema>;

export const scanResultSchema = z.object({
  clean: z.boolean(),
  format: z.enum(['zip', 'tar.gz', 'rar', 'unknown']),
  entries: z.number(),
  uncompressedBytes: z.number(),
  findings: z.array(scanFindingSchema),
  /** The reason shown to the seller when not clean: 'Security scan failed: …'. */
  reason: z.string().optional(),
  /** A clean scan's manifest key (code preview): the key only, the state's payload stays small. */
  manifestKey: z.string().optional(),
});
export type ScanResult = z.infer<typeof scanResultSchema>;

export const pinResultSchema = z.object({
  cid: z.string(),
  size: z.number(),
  /** Whether a pinning service accepted the CID (false: only computed and recorded). */
  pinned: z.boolean(),
});
export type PinResult = z.infer<typeof pinResultSchema>;

/** What a Catch puts at `$.error`: `Cause` is the error message (local) or a JSON envelope (cloud). */
export const taskErrorSchema = z.object({ Error: z.string(), Cause: z.string().optional() });
export type TaskError = z.infer<typeof taskErrorSchema>;
