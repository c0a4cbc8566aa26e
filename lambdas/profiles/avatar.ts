/**
 * Profile pictures uploaded here: the image is put by the browser under the caller's
 * own upload prefix (uploads domain), checked against S3 like a preview image, copied to its public
 * key `previews/avatars/{userId}/{id}.{ext}` (served at `/{key}`), and set as the profile picture.
 * The previous uploaded picture and the original upload are removed; a failure to remove is logged.
 */
import { ulid } from 'ulid';
import { config } from '../shared/config';
import type { UserProfile } from '../../contract/profile';
import { AVATAR_PATH_PATTERN, IMAGE_CONTENT_TYPES } from '../../contract/uploads';
import type { SetAvatarRequest } from '../../contract/uploads';
import { storageDesign } from '../../contract/design/storage-design';
import { logger } from '../shared/observability';
import { copyObject, deleteObjectsQuietly } from '../shared/storage/s3';
import { checkUploadedFiles, removeUploads } from '../shared/storage/uploads';
import { patchProfileFields } from './repo';
import { ensureProfile, toProfile, type ProfileIdentity } from './service';

const avatarKey = (userId: string, contentType: string): string => {
  const extension = (
    IMAGE_CONTENT_TYPES[contentType as keyof typeof IMAGE_CONTENT_TYPES]?.[0] ?? '.img'
  ).slice(1);
  return `${storageDesign.previewPrefix}avatars/${userId}/${ulid()}.${extension === 'jpeg' ? 'jpg' : extension}`;
};

export const setMyAvatar = async (
  identity: ProfileIdentity,
  request: SetAvatarRequest,
): Promise<UserProfile> => {
  const before = await ensureProfile(identity);
  const { images } = await checkUploadedFiles(identity.userId, request.uploadId, undefined, [
    request.image,
  ]);
  const image = images[0]!;
  const previews = config().PREVIEW_IMAGES_BUCKET;
  const key = avatarKey(identity.userId, image.contentType);
  await copyObject({ bucket: previews, key: image.key }, { bucket: previews, key });
  const item = await patchProfileFields(
    identity.userId,
    { set: { profile_picture_url: `/${key}` }, remove: [] },
    new Date().toISOString(),
  );
  await removeUploads(null, images);
  const previous = before.profile_picture_url;
  if (previous && AVATAR_PATH_PATTERN.test(previous) && previous.includes(`/${identity.userId}/`)) {
    const failure = await deleteObjectsQuietly(previews, [previous.slice(1)]);
    if (failure) logger.warn('Previous avatar left behind', failure);
  }
  return toProfile(item);
};
