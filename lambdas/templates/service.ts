/**
 * Templates, as their seller manages them: registering an upload and new versions (bundles.ts),
 * edits (edits.ts), retrying processing and withdrawing a version (archiving in archive.ts). The one owner of every template write
 * and status change: processing, the admin area, GitHub sync and the seed call this domain
 * (here and in transitions.ts), never its repo.
 *
 * Who may do what is declared in the route table (`approved-seller` to register, `owner-or-admin`
 * for one template): the chain checks the role part; `loadManageable` here checks ownership, once.
 * A beta account's `both` carries no admin rights, so it manages its own templates only.
 */
import {
  sellerFiguresOf,
  type SellerFigures,
  type TemplateCounters,
} from '../../contract/seller-figures';
import { listSellerRecentDownloads } from '../downloads/service';
import { startProcessingOrFlag } from './processing-start';
import { mayActAsOwner } from '../shared/auth/access';
import { SELLER_RECENT_DOWNLOADS, type SellerDownloadsResult } from '../../contract/downloads';
import type { UserProfile } from '../../contract/profile';
import {
  TEMPLATE_MESSAGES,
  RETRYABLE_STATUSES,
  type ManagedTemplate,
  type TemplateFieldValues,
  type TemplateWriteResult,
  type MyTemplatesResult,
  VERSION_MESSAGES,
  type WithdrawVersionResult,
} from '../../contract/templates';
import { ConflictError, ForbiddenError, NotFoundError } from '../shared/errors';
import {
  TransactionRefusedError,
  getLatestVersion,
  getTemplateById,
  listTemplatesBySeller,
  writeTemplate,
  type TemplateItem,
} from './repo';
import { isLive, retryPendingVersion, withdrawPendingVersion } from './versions';
import { toManagedTemplate, toMyTemplates } from './view';

/** The slug: lowercased, stripped of special characters, hyphenated, with a time suffix. */
export const slugFor = (title: string, now = Date.now()): string => {
  const base = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${base || 'mvp'}-${now.toString(36)}`;
};

/** The template, if the caller may manage it; archived templates are gone for everyone. */
export const loadManageable = async (
  profile: UserProfile,
  templateId: string,
): Promise<TemplateItem> => {
  const template = await getTemplateById(templateId);
  if (!template || template.status === 'archived')
    throw new NotFoundError(TEMPLATE_MESSAGES.notFound);
  if (!mayActAsOwner(profile, template.seller_id, { ownerMustBeApprovedSeller: true })) {
    throw new ForbiddenError(TEMPLATE_MESSAGES.notAuthorized);
  }
  return template;
};

/** Optional link fields and price: a value is set, `null` removes the attribute. */
export const fieldWrites = (fields: TemplateFieldValues) => {
  const optional = {
    demo_url: fields.demo_url,
    github_url: fields.github_url,
    stackblitz_link: fields.stackblitz_link,
    price: fields.price,
  } as const;
  const set: Partial<TemplateItem> = {
    title: fields.title,
    tagline: fields.tagline,
    description: fields.description,
    category: fields.category,
    features: fields.features,
    tech_stack: fields.tech_stack,
    licensing_terms: fields.licensing_terms,
    access_tier: fields.access_tier,
  };
  const remove: (keyof TemplateItem & string)[] = [];
  for (const [name, value] of Object.entries(optional) as [keyof typeof optional, unknown][]) {
    if (value === null || value === undefined) remove.push(name);
    else Object.assign(set, { [name]: value });
  }
  return { set, remove };
};

/** A refused template write (its status moved meanwhile) as the 409 a person can act on. */
export const conflictOnRefusal = (error: unknown): never => {
  if (error instanceof TransactionRefusedError && error.item === 'mvp') {
    throw new ConflictError(TEMPLATE_MESSAGES.changedMeanwhile);
  }
  throw error;
};

/** The item after a write, for the answer (what the transaction just stored). */
export const applied = (
  template: TemplateItem,
  set: Partial<TemplateItem>,
  remove: readonly string[],
): TemplateItem => {
  const updated = { ...template, ...set } as TemplateItem;
  for (const name of remove) delete updated[name as keyof TemplateItem];
  return updated;
};

/** `GET /api/mvps/{id}/manage`: any status but archived, for the owner, admin or both. */
export const getManagedTemplate = async (
  profile: UserProfile,
  templateId: string,
): Promise<ManagedTemplate> => toManagedTemplate(await loadManageable(profile, templateId));

/** `GET /api/my/mvps`: the caller's templates (not archived), newest first, with stats (M6). */
export const listMyTemplates = async (profile: UserProfile): Promise<MyTemplatesResult> =>
  toMyTemplates(await listTemplatesBySeller(profile.id));

/**
 * Every template of a seller, archived ones included (their past sales and downloads still count
 * in the seller's analytics): id, title, whether it is archived or live, its category, and its
 * counters (the seller figures' sources, contract/seller-figures.ts).
 */
export const listTemplateTitlesOfSeller = async (
  sellerId: string,
): Promise<
  ({
    id: string;
    title: string;
    archived: boolean;
    /** Live in the catalog: its category is one of the seller's (search demand). */
    approved: boolean;
    category: string;
  } & TemplateCounters)[]
> =>
  (await listTemplatesBySeller(sellerId)).map((item) => ({
    id: item.id,
    title: item.title,
    archived: item.status === 'archived',
    approved: item.status === 'approved',
    category: item.category,
    download_count: item.download_count,
    rating_sum: item.rating_sum,
    rating_count: item.rating_count,
  }));

/**
 * A seller's all-time figures (downloads, verified ratings) over all their templates: the one
 * definition the dashboard, analytics, payouts and public seller page show.
 */
export const getSellerFigures = async (sellerId: string): Promise<SellerFigures> =>
  sellerFiguresOf(await listTemplatesBySeller(sellerId));

/** `GET /api/my/mvps/downloads`: the latest downloads of the caller's own templates (D5). */
export const listRecentDownloads = async (
  profile: UserProfile,
): Promise<SellerDownloadsResult> => ({
  items: await listSellerRecentDownloads(profile.id, SELLER_RECENT_DOWNLOADS),
});

/**
 * `POST /api/mvps/{id}/retry` (M5): a live template's failed new version goes back to processing
 * (the live one untouched); a template that was never live, only from ipfs_pin_failed, back to
 * pending_review with the error cleared. Then that file is processed again. A scan refusal is not
 * retried: the same contents would be refused again (RETRYABLE_STATUSES).
 */
export const retryProcessing = async (
  profile: UserProfile,
  templateId: string,
): Promise<TemplateWriteResult> => {
  const template = await loadManageable(profile, templateId);
  if (isLive(template)) {
    const retried = await retryPendingVersion(template);
    if (!retried) throw new ConflictError(TEMPLATE_MESSAGES.notRetryable);
    await startProcessingOrFlag(template.id, retried.version.id, retried.version.file_key);
    return { mvp: toManagedTemplate(retried.template), message: TEMPLATE_MESSAGES.retried };
  }
  if (!RETRYABLE_STATUSES.includes(template.status))
    throw new ConflictError(TEMPLATE_MESSAGES.notRetryable);
  const latest = await getLatestVersion(template.id);
  const fileKey = template.file_key ?? latest?.file_key;
  if (!latest || !fileKey) throw new ConflictError(TEMPLATE_MESSAGES.notRetryable);
  const now = new Date().toISOString();
  const set: Partial<TemplateItem> = { status: 'pending_review', updated_at: now };
  await writeTemplate({
    mvpId: template.id,
    fromStatus: template.status,
    set,
    remove: ['last_processing_error'],
    ...(latest.file_key === fileKey
      ? { version: { patch: { id: latest.id, set: { status: 'processing' as const } } } }
      : {}),
    now,
  }).catch(conflictOnRefusal);
  await startProcessingOrFlag(template.id, latest.id, fileKey);
  return {
    mvp: toManagedTemplate(applied(template, set, ['last_processing_error'])),
    message: TEMPLATE_MESSAGES.retried,
  };
};

/**
 * `POST /api/mvps/{id}/versions/{versionId}/withdraw`: the owner withdraws a new version that is
 * not live yet (processing, in review, failed or rejected); the live version stays as it is.
 */
export const withdrawVersion = async (
  profile: UserProfile,
  templateId: string,
  versionId: string,
): Promise<WithdrawVersionResult> => {
  const template = await loadManageable(profile, templateId);
  // The owner's own decision: admin rights reject a version, they do not withdraw it.
  if (template.seller_id !== profile.id) throw new ForbiddenError(TEMPLATE_MESSAGES.notAuthorized);
  if (!isLive(template)) throw new ConflictError(VERSION_MESSAGES.notWithdrawable);
  const result = await withdrawPendingVersion(template, versionId);
  return {
    mvp: toManagedTemplate(result.template),
    message: VERSION_MESSAGES.withdrawn(result.version.version_number),
  };
};
