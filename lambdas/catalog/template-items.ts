/**
 * The catalog's light reads of one stored template, for the domains that act on one (downloads,
 * licences, security alerts): none of them loads the browse cache, the snapshot or the search
 * index, so a function that only needs a template's item does not bundle them
 * (test/infra/bundle-budget.test.ts). service.ts re-exports them.
 */
import { isPublishedVersion } from '../../contract/template-versions';
import { NotFoundError } from '../shared/errors';
import {
  countDownload,
  getTemplateById,
  listTemplateVersions,
  type TemplateItem,
  type TemplateVersionItem,
} from './repo';

export type { TemplateItem };

export const TEMPLATE_NOT_FOUND_MESSAGE =
  'MVP not found. It might not exist or is pending approval.';

/**
 * The stored item of an approved template, for domains that act on one (downloads, reviews): they
 * need fields the public detail never shows (`file_key`, `seller_id`, `status`). Anything not
 * approved is the same 404 as the detail page.
 */
export const getApprovedTemplateItem = async (id: string): Promise<TemplateItem> => {
  const item = await getTemplateById(id);
  if (!item || item.status !== 'approved') throw new NotFoundError(TEMPLATE_NOT_FOUND_MESSAGE);
  return item;
};

/**
 * The stored item of a template that is public or was archived (by its seller, or when its seller
 * closed their account), for the rules that let a licence holder keep what they hold
 * (lambdas/downloads/access.ts). Pending, rejected or unknown: the same 404 as the detail page.
 */
export const getHeldTemplateItem = async (id: string): Promise<TemplateItem> => {
  const item = await getTemplateById(id);
  if (!item || (item.status !== 'approved' && item.status !== 'archived')) {
    throw new NotFoundError(TEMPLATE_NOT_FOUND_MESSAGE);
  }
  return item;
};

/** Whether the template's page is public now (approved), for links that must not lead nowhere. */
export const isTemplateListed = async (id: string): Promise<boolean> =>
  (await getTemplateById(id))?.status === 'approved';

/**
 * M13 as a transaction item, for the domain that records a download: one more download of an
 * approved template (refused, item `mvp`, when it is not approved any more). A counter update:
 * no `updated_at`, so the catalog order reflects real edits only.
 */
export const countDownloadWrite = (templateId: string) => countDownload(templateId);

/**
 * A template's versions that went live, newest first (at most 50 read), with their changelogs
 * (upgrade pull requests): a failed, rejected or withdrawn version never reaches a buyer's tree.
 */
export const versionHistoryOf = async (templateId: string): Promise<TemplateVersionItem[]> => {
  const [item, versions] = await Promise.all([
    getTemplateById(templateId),
    listTemplateVersions(templateId),
  ]);
  if (!item) return [];
  return versions.filter((version) => isPublishedVersion(version, item.version_number));
};
