/**
 * What the status page says about the processing pipeline (issue 13 §6 `/status`): templates
 * that entered `pending_review` and have not been processed yet (no CID: the scan → pin steps
 * have not finished), and new versions of live templates still `processing`. A template or
 * version that was processed and waits for an admin (PUBLISH_MODE moderate) has its CID and is
 * not counted: that wait is a person's, not the pipeline's.
 */
import { listMvpsByStatus, listVersionsByStatus } from './repo';

/** How many of the oldest pending templates (and processing versions) the check looks at. */
const LOOKED_AT = 25;

export interface PipelineBacklog {
  /** Unprocessed templates and versions among the oldest pending ones. */
  waiting: number;
  /** When the oldest of them entered processing; null when none waits. */
  oldestSince: string | null;
}

export const getPipelineBacklog = async (): Promise<PipelineBacklog> => {
  const [pending, versions] = await Promise.all([
    listMvpsByStatus('pending_review', LOOKED_AT),
    listVersionsByStatus('processing', LOOKED_AT),
  ]);
  // A first version is both a pending template and a processing version: counted once.
  const waiting = new Map<string, string>();
  for (const mvp of pending) if (!mvp.ipfs_hash) waiting.set(mvp.id, mvp.updated_at);
  for (const version of versions) {
    if (!waiting.has(version.mvp_id)) waiting.set(version.mvp_id, version.uploaded_at);
  }
  const since = [...waiting.values()].sort();
  return { waiting: since.length, oldestSince: since[0] ?? null };
};
