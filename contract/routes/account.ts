/**
 * The caller's account as a whole: the export of their data, and its closure; and an admin's
 * reset of a lost authenticator app.
 */
import type * as z from 'zod';
import type { AccountClosed, closeAccountSchema } from '../account';
import type { MfaReset, mfaResetSchema } from '../mfa-reset';
import type { LaunchStoryList, StoryChange, storyInputSchema } from '../stories';
import { defineRoutes, route } from './table';

export const accountRoutes = defineRoutes('account', {
  /** Not JSON for the browser: a `.json` file attachment (call it with `apiDownload`). */
  'GET /api/me/export': route<{ response: Blob }>({
    operation: 'export-my-data',
    access: 'user',
    summary: "The caller's own data as a JSON file (docs/account.md).",
  }),
  'POST /api/me/close': route<{
    body: z.input<typeof closeAccountSchema>;
    response: AccountClosed;
  }>({
    operation: 'close-my-account',
    access: 'user',
    summary: "Closes the caller's account, confirmed by their password (docs/account.md).",
  }),
  'PUT /api/deployments/{id}/story': route<{
    body: z.input<typeof storyInputSchema>;
    response: StoryChange;
  }>({
    operation: 'set-deployment-story',
    access: 'user',
    summary: "Shows or hides the caller's own launched site on Success Stories.",
  }),
  'POST /api/admin/users/{id}/mfa-reset': route<{
    body: z.input<typeof mfaResetSchema>;
    response: MfaReset;
  }>({
    operation: 'reset-user-mfa',
    access: 'admin',
    summary:
      "Turns off a user's authenticator app after they lost it (never one's own), with the reason in the audit log; the user is told (docs/account.md).",
  }),
  'GET /api/stories': route<{ response: LaunchStoryList }>({
    operation: 'list-stories',
    access: 'public',
    summary: 'Success Stories: launched sites their buyers chose to show.',
  }),
});
