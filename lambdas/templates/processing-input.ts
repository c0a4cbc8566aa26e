/**
 * The processing state machine's execution input (state-machines/mvp-processing.asl.json): which
 * template, which version, which object in the mvp-files bucket. The templates domain starts the
 * pipeline with it and the processing tasks read it, so it lives with the starter and the tasks
 * import it (the pipeline depends on templates, never the other way round).
 */
import * as z from 'zod';

export const processingInputSchema = z.object({
  mvpId: z.string().min(1),
  versionId: z.string().min(1),
  fileKey: z.string().min(1),
});
export type ProcessingInput = z.infer<typeof processingInputSchema>;
