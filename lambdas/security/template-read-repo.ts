/**
 * The templates' items the security domain reads, a named reader of them (docs/data-model.md,
 * "Owners"): a template's status, seller and live file, and its versions' numbers and files, for
 * the reports, the builds' pages and the audit. Reads only; the templates domain writes them.
 * Small on purpose: the security Lambda's read side and the audit bundle it.
 */
import { TemplateEntity, type TemplateItem } from '../shared/db/entities/template';
import {
  TemplateVersionEntity,
  type TemplateVersionItem,
} from '../shared/db/entities/template-version';

/** M1, eventually consistent: a template by id, or null. */
export const getTemplate = async (templateId: string): Promise<TemplateItem | null> => {
  const { data } = await TemplateEntity.get({ id: templateId }).go();
  return data;
};

/** V1 (all pages): every version of a template, oldest first (version ids are ULIDs). */
export const listTemplateVersions = async (templateId: string): Promise<TemplateVersionItem[]> => {
  const { data } = await TemplateVersionEntity.query
    .byMvp({ mvp_id: templateId })
    .go({ pages: 'all' });
  return data;
};

/** V2: one version of a template, or null (`consistent`: it follows the pipeline's own write). */
export const getTemplateVersion = async (
  templateId: string,
  versionId: string,
  options: { consistent?: boolean } = {},
): Promise<TemplateVersionItem | null> => {
  const { data } = await TemplateVersionEntity.get({ mvp_id: templateId, id: versionId }).go(
    options.consistent ? { consistent: true } : {},
  );
  return data;
};
