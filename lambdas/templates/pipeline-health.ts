/**
 * What the status page says about the processing pipeline (`/status`): templates
 * that entered `pending_review` and have not been processed yet (no CID: the scan → pin steps
 * have not finished), and new versions of live templates still `processing`. A template or
 * version that was processed and waits for an admin (PUBLISH_MODE moderate) has its CID and is
 * not counted: that wait is a person's, not the pipeline's.
 */
import { getTemplateById, listTemplatesByStatus, listVersionsByStatus } from './repo';

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
    listTemplatesByStatus('pending_review', LOOKED_AT),
    listVersionsByStatus('processing', LOOKED_AT),
  ]);
  // Only versions their live template still waits for: a run overtaken by a newer upload, or of
  // a template archived meanwhile, leaves its row in `processing` with nobody waiting.
  const templates = await Promise.all(versions.map((version) => getTemplateById(version.mvp_id)));
  const waiting = new Map<string, string>();
  for (const template of pending)
    if (!template.ipfs_hash) waiting.set(template.id, template.updated_at);
  versions.forEach((version, index) => {
    const template = templates[index];
    if (template?.status === 'approved' && template.pending_version_id === version.id) {
      waiting.set(version.mvp_id, version.uploaded_at);
    }
  });
  const since = [...waiting.values()].sort();
  return { waiting: since.length, oldestSince: since[0] ?? null };
};
