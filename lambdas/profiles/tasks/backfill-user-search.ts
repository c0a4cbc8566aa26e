/**
 * One-off task: writes the admin user search's index items (docs/data-model.md, section 3.1.2) for every
 * profile, so users created before the index existed are found. `npm start`'s seed runs it on
 * every start; in the cloud run it once after the deploy that adds the index (docs/operations.md,
 * "User search index"): `npx tsx lambdas/profiles/tasks/backfill-user-search.ts` with the profiles
 * function's environment. Idempotent.
 */
import { pathToFileURL } from 'node:url';
import { ROLES } from '../../../contract/profile';
import { backfillUserSearch } from '../search-repo';

/** Indexes every profile; returns how many were written. */
export const handler = async (): Promise<{ profiles: number }> => ({
  profiles: await backfillUserSearch(ROLES),
});

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { profiles } = await handler();
  console.log(`User search index written for ${profiles} profiles.`);
}
