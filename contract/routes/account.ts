/** The caller's account as a whole: the export of their data, and its closure. */
import type * as z from 'zod';
import type { AccountClosed, closeAccountSchema } from '../account';
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
  'GET /api/stories': route<{ response: LaunchStoryList }>({
    operation: 'list-stories',
    access: 'public',
    summary: 'Success Stories: launched sites their buyers chose to show.',
  }),
});
