/** Profiles: the caller's own profile and avatar, beta sessions, and the admin's user list and roles. */
import type * as z from 'zod';
import type {
  AdminUser,
  AdminUserPage,
  adminUsersQuerySchema,
  userRoleChangeSchema,
} from '../admin-users';
import type { BetaCredentials } from '../beta';
import type { Profile } from '../profile';
import type { ProfileUpdateInput } from '../profile-update';
import type { SetAvatarRequest } from '../uploads';
import { defineRoutes, route } from './table';

export const profilesRoutes = defineRoutes('profiles', {
  'GET /api/me': route<{ response: Profile }>({
    operation: 'get-my-profile',
    access: 'user',
    summary: "The caller's profile; the default profile is created on first sight.",
  }),
  'PATCH /api/me': route<{ body: ProfileUpdateInput; response: Profile }>({
    operation: 'update-my-profile',
    access: 'user',
    summary: "The caller's own profile fields; a new username is claimed in one transaction.",
  }),
  'PUT /api/me/avatar': route<{ body: SetAvatarRequest; response: Profile }>({
    operation: 'set-my-avatar',
    access: 'user',
    summary:
      "The caller's uploaded avatar (checked against S3 under the caller's own upload prefix) becomes their profile picture.",
  }),
  'POST /api/auth/beta': route<{ response: BetaCredentials }>({
    operation: 'start-beta-session',
    access: 'public',
    summary:
      'A fresh 24-hour beta account for this caller (rate limited), only while beta access is switched on (else 404).',
  }),
  'GET /api/admin/users': route<{
    query: z.input<typeof adminUsersQuerySchema>;
    response: AdminUserPage;
  }>({
    operation: 'list-admin-users',
    access: 'admin',
    summary:
      'Users newest first, filtered by role and seller approval, searched by e-mail or username prefix.',
  }),
  'PATCH /api/admin/users/{id}/role': route<{
    body: z.input<typeof userRoleChangeSchema>;
    response: AdminUser;
  }>({
    operation: 'change-user-role',
    access: 'admin',
    summary:
      "A user's role: the Cognito group and the profile together (never one's own admin role).",
  }),
});
