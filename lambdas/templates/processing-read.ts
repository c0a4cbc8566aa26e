/**
 * What the processing tasks read of a template and its version. Apart from transitions.ts so a
 * task that only reads (the scan) bundles the repository alone, not the notification and e-mail
 * code that a status change brings along.
 */
import { getMvpById, getVersion, type MvpItem, type MvpVersionItem } from './repo';

/** The template and version processing works on (strongly consistent), or null. */
export const getTemplateForProcessing = async (
  mvpId: string,
  versionId: string,
): Promise<{ mvp: MvpItem | null; version: MvpVersionItem | null }> => {
  const [mvp, version] = await Promise.all([getMvpById(mvpId), getVersion(mvpId, versionId)]);
  return { mvp, version };
};
