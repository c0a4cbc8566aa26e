/** Presigned uploads: bundles and previews for sellers, avatars for everyone signed in. */
import type {
  AvatarUploadGrant,
  AvatarUploadRequest,
  UploadGrant,
  UploadRequest,
} from '../uploads';
import { defineRoutes, route } from './table';

export const uploadsRoutes = defineRoutes('uploads', {
  'POST /api/uploads': route<{ body: UploadRequest; response: UploadGrant }>({
    operation: 'create-upload',
    access: 'approved-seller-or-admin',
    summary:
      "Presigned PUT URLs for a bundle and preview images under the caller's uploads/ prefix (approved sellers, admin, both).",
  }),
  'POST /api/uploads/avatar': route<{ body: AvatarUploadRequest; response: AvatarUploadGrant }>({
    operation: 'create-avatar-upload',
    access: 'user',
    summary:
      "A presigned PUT URL for one avatar image under the caller's uploads/ prefix (any signed-in user).",
  }),
});
