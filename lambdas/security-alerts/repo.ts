/**
 * Security alerts data access (docs/data-model.md, "Security alerts"):
 * - the re-check's state, one JSON object in the private files bucket
 *   (`security/recheck/state.json`): the last run's time and every advisory it read with its
 *   `modified`. An object rather than an item: thousands of advisories with their ranges pass
 *   DynamoDB's 400 KB item limit, and only the daily task reads it, whole;
 * - SecurityAlert markers (was this user told of this advisory of this template), created in the
 *   notification's own transaction;
 * - SecurityAlertMute items (a buyer muted a template).
 */
import { config } from '../shared/config';
import { transactWrite, type TransactionWrite } from '../shared/db/transaction';
import { SecurityAlertEntity, type SecurityAlertItem } from '../shared/db/entities/security-alert';
import {
  SecurityAlertMuteEntity,
  type SecurityAlertMuteItem,
} from '../shared/db/entities/security-alert-mute';
import { putObject, readObject } from '../shared/storage/s3';
import type { AdvisoryCache } from './recheck';

export type { SecurityAlertItem, SecurityAlertMuteItem };

export const RECHECK_STATE_KEY = 'security/recheck/state.json';

/** The last run's state, or an empty one before the first run. */
export const readRecheckState = async (): Promise<AdvisoryCache> => {
  const bytes = await readObject(config().MVP_FILES_BUCKET, RECHECK_STATE_KEY);
  if (!bytes) return { last_run_at: null, advisories: {} };
  return JSON.parse(Buffer.from(bytes).toString('utf8')) as AdvisoryCache;
};

export const writeRecheckState = (state: AdvisoryCache) =>
  putObject({
    bucket: config().MVP_FILES_BUCKET,
    key: RECHECK_STATE_KEY,
    body: JSON.stringify(state),
    contentType: 'application/json',
  });

/** A1: of these alerts, the ones already sent (their markers exist). */
export const findSentAlerts = async (
  keys: readonly Pick<SecurityAlertItem, 'user_id' | 'mvp_id' | 'kind' | 'advisory_id'>[],
): Promise<Set<string>> => {
  if (keys.length === 0) return new Set();
  const found = await SecurityAlertEntity.batchGetAll(keys, {
    attributes: ['user_id', 'mvp_id', 'kind', 'advisory_id'],
  });
  return new Set(found.map(alertKey));
};

export const alertKey = (
  item: Pick<SecurityAlertItem, 'user_id' | 'mvp_id' | 'kind' | 'advisory_id'>,
) => `${item.user_id}|${item.mvp_id}|${item.kind}|${item.advisory_id}`;

/**
 * A2: the markers and the notification, in one transaction. False when a marker already existed
 * (another run told this user first): nothing was written.
 */
export const recordAlert = async (
  markers: readonly SecurityAlertItem[],
  notification: readonly TransactionWrite[],
): Promise<boolean> => {
  const result = await transactWrite({
    marker: markers.map((marker) => SecurityAlertEntity.create(marker)),
    notification,
  });
  if (!result.canceled) return true;
  if (result.failed('marker') === 'ConditionalCheckFailed') return false;
  throw new Error(`Recording a security alert was cancelled (${JSON.stringify(result.codes)}).`);
};

/** M1: the templates a user muted. */
export const listMutes = async (userId: string): Promise<SecurityAlertMuteItem[]> => {
  const { data } = await SecurityAlertMuteEntity.query
    .byUser({ user_id: userId })
    .go({ pages: 'all' });
  return data;
};

/** M2: of these users, those who muted this template. */
export const findMutedUsers = async (
  templateId: string,
  userIds: readonly string[],
): Promise<Set<string>> => {
  if (userIds.length === 0) return new Set();
  const found = await SecurityAlertMuteEntity.batchGetAll(
    userIds.map((userId) => ({ user_id: userId, mvp_id: templateId })),
    { attributes: ['user_id'] },
  );
  return new Set(found.map((item) => item.user_id));
};

/** M3: mutes (an idempotent put) or unmutes (an idempotent delete) one template. */
export const setMute = async (userId: string, templateId: string, muted: boolean, now: string) => {
  if (muted)
    await SecurityAlertMuteEntity.put({ user_id: userId, mvp_id: templateId, muted_at: now }).go();
  else await SecurityAlertMuteEntity.delete({ user_id: userId, mvp_id: templateId }).go();
};
