/** Disputes between a buyer and a seller, and their resolution by an admin. */
import type * as z from 'zod';
import type { AdminDisputeList, disputeResolutionInputSchema } from '../admin-disputes';
import type { Dispute, disputeInputSchema, DisputeList, DisputeStatus } from '../disputes';
import { defineRoutes, route } from './table';

export const disputesRoutes = defineRoutes('disputes', {
  'POST /api/disputes': route<{ body: z.input<typeof disputeInputSchema>; response: Dispute }>({
    operation: 'create-dispute',
    access: 'user',
    summary: 'A dispute (open) about a template the caller downloaded.',
  }),
  'GET /api/disputes': route<{ response: DisputeList }>({
    operation: 'list-disputes',
    access: 'user',
    summary: 'Disputes where the caller is the buyer or the seller, newest first.',
  }),
  'GET /api/disputes/{id}': route<{ response: Dispute }>({
    operation: 'get-dispute',
    access: 'owner-or-admin',
    summary: 'One dispute, for its buyer, its seller, admin or both (403 for anyone else).',
  }),
  'GET /api/admin/disputes': route<{
    query: { status?: DisputeStatus };
    response: AdminDisputeList;
  }>({
    operation: 'list-disputes-by-status',
    access: 'admin',
    summary:
      'Disputes of one status (open by default), oldest first, with the parties (admin queue).',
  }),
  'POST /api/admin/disputes/{id}/start-review': route<{ response: Dispute }>({
    operation: 'start-dispute-review',
    access: 'admin',
    summary: 'Start the review of an open dispute (both parties are notified).',
  }),
  'POST /api/admin/disputes/{id}/resolve': route<{
    body: z.input<typeof disputeResolutionInputSchema>;
    response: Dispute;
  }>({
    operation: 'resolve-dispute',
    access: 'admin',
    summary: 'Resolve a dispute in review with non-blank details (both parties are notified).',
  }),
});
