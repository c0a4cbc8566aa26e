/**
 * Deployments data access: one function per access pattern (docs/data-model.md, section 3.11, Y1–Y8 and
 * T1–T4). Tokens are stored sealed; this layer never sees one in the clear.
 */
import { CounterEntity } from '../shared/db/entities/counter';
import {
  DeploymentEntity,
  type DeploymentItem,
  type DeploymentWriteProgress,
} from '../shared/db/entities/deployment';
import { LaunchStoryEntity, type LaunchStoryItem } from '../shared/db/entities/launch-story';
import { OAuthTokenEntity, type OAuthTokenItem } from '../shared/db/entities/oauth-token';
import { writtenUnlessRefused } from '../shared/db/model';
import { transactWrite } from '../shared/db/transaction';

export type { DeploymentItem, DeploymentWriteProgress, LaunchStoryItem, OAuthTokenItem };

/** Y1: a new deployment (status initializing). */
export const createDeployment = async (item: DeploymentItem): Promise<void> => {
  await DeploymentEntity.create(item).go();
};

/** Y2: one deployment, strongly consistent (status polls and worker steps). */
export const getDeployment = async (id: string): Promise<DeploymentItem | null> => {
  const { data } = await DeploymentEntity.get({ id }).go({ consistent: true });
  return data;
};

/** Y4: the user's deployments, newest first (at most 100). */
export const listDeploymentsByUser = async (userId: string): Promise<DeploymentItem[]> => {
  const { data } = await DeploymentEntity.query
    .byUser({ user_id: userId })
    .go({ order: 'desc', limit: 100 });
  return data;
};

/** Y8: the deployments of a template (a new approved version notifies their owners). */
export const listDeploymentsByTemplate = async (templateId: string): Promise<DeploymentItem[]> => {
  const { data } = await DeploymentEntity.query
    .byMvp({ mvp_id: templateId })
    .go({ order: 'desc', pages: 'all' });
  return data;
};

export type DeploymentChanges = Partial<
  Omit<DeploymentItem, 'id' | 'user_id' | 'mvp_id' | 'created_at' | 'mvp_title' | 'mvp_slug'>
>;

/**
 * Y5: a step's transition, only from `from` (one of them); false when the deployment is no longer
 * there (another step moved it, or it failed meanwhile).
 */
export const transitionDeployment = async (
  id: string,
  from: readonly string[],
  changes: DeploymentChanges,
  now: string,
): Promise<boolean> => {
  return writtenUnlessRefused(
    DeploymentEntity.patch({ id })
      .set({ ...changes, updated_at: now })
      .where(({ status }, { eq }) => from.map((value) => eq(status, value)).join(' OR ')),
  );
};

/**
 * Y5 for Continue: the deployment moved back to the step it resumes from, only if it is still as
 * the caller read it (same status, same `updated_at`): of two presses at once, one wins; the other
 * gets false. `remove` drops what the stopped run left (its failure message).
 */
export const continueDeployment = async (
  read: Pick<DeploymentItem, 'id' | 'status' | 'updated_at'>,
  changes: DeploymentChanges,
  remove: readonly (keyof DeploymentChanges & string)[],
  now: string,
): Promise<boolean> => {
  return writtenUnlessRefused(
    DeploymentEntity.patch({ id: read.id })
      .set({ ...changes, updated_at: now })
      .remove(remove)
      .where(({ status, updated_at }, { eq }) =>
        [eq(status, read.status), eq(updated_at, read.updated_at)].join(' AND '),
      ),
  );
};

/** Y5 without a status change: fields of a step that keeps the state (site ids, poll count). */
export const recordDeploymentFields = async (
  id: string,
  changes: DeploymentChanges,
  now: string,
): Promise<void> => {
  await DeploymentEntity.patch({ id })
    .set({ ...changes, updated_at: now })
    .go();
};

/** Y5 for a commit in progress: its progress saved, or removed (`null`) once it is done. */
export const recordWriteProgress = async (
  id: string,
  progress: DeploymentWriteProgress | null,
  now: string,
): Promise<void> => {
  const write = DeploymentEntity.patch({ id });
  if (progress) await write.set({ write_progress: progress, updated_at: now }).go();
  else await write.set({ updated_at: now }).remove(['write_progress']).go();
};

/**
 * Y6: to `completed` with the home page's counter, in one transaction, only from `from`: counted
 * exactly once however often the step runs. False when the deployment was not in `from`.
 */
export const completeDeployment = async (
  id: string,
  from: string,
  changes: DeploymentChanges,
  now: string,
): Promise<boolean> => {
  const result = await transactWrite({
    deployment: DeploymentEntity.patch({ id })
      .set({ ...changes, status: 'completed', updated_at: now })
      .where(({ status }, { eq }) => eq(status, from)),
    counter: CounterEntity.update({ name: 'deployments_completed', bucket: 'all', shard: 0 })
      .add({ value: 1 })
      .set({ updated_at: now }),
  });
  if (!result.canceled) return true;
  if (result.failed('deployment') === 'ConditionalCheckFailed') return false;
  throw new Error(`Deployment completion cancelled: ${JSON.stringify(result.codes)}`);
};

/** T1: store (or replace) a user's sealed token. */
export const putToken = async (item: OAuthTokenItem): Promise<void> => {
  await OAuthTokenEntity.put(item).go();
};

/** T2: a user's sealed token for a provider. */
export const getToken = async (
  userId: string,
  provider: OAuthTokenItem['provider'],
): Promise<OAuthTokenItem | null> => {
  const { data } = await OAuthTokenEntity.get({ user_id: userId, provider }).go({
    consistent: true,
  });
  return data;
};

/** T3: the user's connections, without the ciphertext. */
export const listConnections = async (
  userId: string,
): Promise<Pick<OAuthTokenItem, 'provider' | 'account_login' | 'updated_at'>[]> => {
  const { data } = await OAuthTokenEntity.query.byUser({ user_id: userId }).go();
  return data.map(({ provider, account_login, updated_at }) => ({
    provider,
    account_login,
    updated_at,
  }));
};

/** T4: disconnect. */
export const deleteToken = async (
  userId: string,
  provider: OAuthTokenItem['provider'],
): Promise<void> => {
  await OAuthTokenEntity.delete({ user_id: userId, provider }).go();
};

/** The public list's size: the newest stories. */
export const STORIES_LIMIT = 60;

/**
 * Y9: show a launched site on `/stories`, or change its name and pitch: the deployment's story
 * fields and the story item in one transaction, only while the deployment is finished and its
 * story is as read (a concurrent change re-reads). A re-show keeps its place (same `shown_at`).
 */
export const showStory = async (
  deployment: DeploymentItem,
  story: LaunchStoryItem,
  now: string,
): Promise<boolean> => {
  const readShownAt = deployment.story_shown_at;
  const result = await transactWrite({
    deployment: DeploymentEntity.patch({ id: deployment.id })
      .set({
        story_shown_at: story.shown_at,
        story_title: story.title,
        ...(story.description ? { story_description: story.description } : {}),
        updated_at: now,
      })
      .remove(story.description ? [] : ['story_description'])
      .where(({ status, story_shown_at }, { eq, notExists }) =>
        [
          `(${eq(status, 'completed')} OR ${eq(status, 'deployed')})`,
          readShownAt ? eq(story_shown_at, readShownAt) : notExists(story_shown_at),
        ].join(' AND '),
      ),
    story: LaunchStoryEntity.put(story),
  });
  if (!result.canceled) return true;
  if (result.failed('deployment') === 'ConditionalCheckFailed') return false;
  throw new Error(`Story change cancelled: ${JSON.stringify(result.codes)}`);
};

/**
 * Y10: hide a shown site again (the story item goes, the deployment's `story_shown_at` with it),
 * keeping the name and pitch the buyer gave, so showing it again brings them back; `text` saves
 * a new name or pitch meanwhile (an absent description removes it). Conditional on the story
 * being as read (shown at the same time, or hidden); a concurrent change re-reads.
 */
export const hideStory = async (
  deployment: DeploymentItem,
  text: { title?: string; description?: string },
  now: string,
): Promise<boolean> => {
  const shownAt = deployment.story_shown_at;
  const unchanged =
    text.title === deployment.story_title && text.description === deployment.story_description;
  if (!shownAt && unchanged) return true;
  const patch = DeploymentEntity.patch({ id: deployment.id })
    .set({
      ...(text.title !== undefined ? { story_title: text.title } : {}),
      ...(text.description !== undefined ? { story_description: text.description } : {}),
      updated_at: now,
    })
    .remove([
      ...(shownAt ? (['story_shown_at'] as const) : []),
      ...(text.title === undefined ? (['story_title'] as const) : []),
      ...(text.description === undefined ? (['story_description'] as const) : []),
    ])
    .where(({ story_shown_at }, { eq, notExists }) =>
      shownAt ? eq(story_shown_at, shownAt) : notExists(story_shown_at),
    );
  const result = await transactWrite({
    deployment: patch,
    ...(shownAt
      ? {
          story: LaunchStoryEntity.delete({ shown_at: shownAt, deployment_id: deployment.id }),
        }
      : {}),
  });
  if (!result.canceled) return true;
  if (result.failed('deployment') === 'ConditionalCheckFailed') return false;
  throw new Error(`Story change cancelled: ${JSON.stringify(result.codes)}`);
};

/** Y11: the stories, newest first (public). */
export const listStories = async (): Promise<LaunchStoryItem[]> => {
  const { data } = await LaunchStoryEntity.query
    .byShown({})
    .go({ order: 'desc', limit: STORIES_LIMIT });
  return data;
};

/** T5: every token of a user (their account's closure). */
export const deleteTokensOfUser = async (userId: string): Promise<number> => {
  const { data } = await OAuthTokenEntity.query.byUser({ user_id: userId }).go();
  for (const item of data) {
    await OAuthTokenEntity.delete({ user_id: userId, provider: item.provider }).go();
  }
  return data.length;
};
