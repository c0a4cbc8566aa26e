/**
 * Reads for the security alerts (lambdas/security-alerts): which buyers downloaded which version
 * of a template. Kept apart from service.ts so the re-check task does not bundle the download path.
 */
import {
  findLatestDownload,
  listDownloadHoldersOfTemplate,
  listDownloadedTemplatesOfUser,
} from './repo';

/** The versions each buyer downloaded of a template: user id → version numbers. */
export const downloadedVersionsOfTemplate = async (
  templateId: string,
): Promise<Map<string, Set<string>>> => {
  const holders = new Map<string, Set<string>>();
  for (const row of await listDownloadHoldersOfTemplate(templateId)) {
    const versions = holders.get(row.user_id) ?? new Set<string>();
    versions.add(row.version_number);
    holders.set(row.user_id, versions);
  }
  return holders;
};

/** The version of a template the buyer downloaded last, or null. */
export const latestDownloadedVersion = async (
  userId: string,
  templateId: string,
): Promise<string | null> => (await findLatestDownload(userId, templateId))?.version_number ?? null;

/** The templates a buyer downloaded: id and title (the latest download's), each once. */
export const downloadedTemplatesOf = async (
  userId: string,
): Promise<{ mvpId: string; title: string }[]> => {
  const seen = new Map<string, string>();
  for (const row of await listDownloadedTemplatesOfUser(userId))
    if (!seen.has(row.mvp_id)) seen.set(row.mvp_id, row.mvp_title);
  return [...seen].map(([mvpId, title]) => ({ mvpId, title }));
};

/** The version each buyer downloaded last of a template: user id → version number. */
export const lastDownloadedVersionsOfTemplate = async (
  templateId: string,
): Promise<Map<string, string>> => {
  const latest = new Map<string, { version: string; at: string }>();
  for (const row of await listDownloadHoldersOfTemplate(templateId)) {
    const known = latest.get(row.user_id);
    if (!known || row.downloaded_at > known.at)
      latest.set(row.user_id, { version: row.version_number, at: row.downloaded_at });
  }
  return new Map([...latest].map(([userId, { version }]) => [userId, version]));
};
