/**
 * What the status page says about the processing pipeline (issue 13 §6 `/status`): templates
 * that entered `pending_review` and have not been processed yet (no CID: the scan → pin steps
 * have not finished). A template that was processed and waits for an admin (PUBLISH_MODE
 * moderate) has its CID and is not counted: that wait is a person's, not the pipeline's.
 */
import { listMvpsByStatus } from './repo';

/** How many of the oldest pending templates the check looks at. */
const LOOKED_AT = 25;

export interface PipelineBacklog {
  /** Unprocessed templates among the oldest pending ones. */
  waiting: number;
  /** When the oldest of them entered `pending_review`; null when none waits. */
  oldestSince: string | null;
}

export const getPipelineBacklog = async (): Promise<PipelineBacklog> => {
  const pending = await listMvpsByStatus('pending_review', LOOKED_AT);
  const unprocessed = pending.filter((mvp) => !mvp.ipfs_hash);
  return { waiting: unprocessed.length, oldestSince: unprocessed[0]?.updated_at ?? null };
};
