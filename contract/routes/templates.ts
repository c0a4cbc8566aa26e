/** A seller's templates: create, edit, new versions, withdraw, archive; and moderation. */
import type * as z from 'zod';
import type {
  ApproveTemplateInput,
  ModerationResult,
  PendingTemplateList,
  pendingTemplateQuerySchema,
  rejectTemplateSchema,
} from '../admin-templates';
import type { RebuildResult } from '../builds';
import type { SellerDownloadsResult } from '../downloads';
import type {
  ArchiveTemplateResult,
  CreateTemplateBody,
  CreateVersionBody,
  ManagedTemplate,
  TemplateWriteResult,
  MyTemplatesResult,
  UpdateTemplateBody,
  WithdrawVersionResult,
} from '../templates';
import { defineRoutes, route } from './table';

export const templatesRoutes = defineRoutes('templates', {
  'POST /api/mvps': route<{ body: CreateTemplateBody; response: TemplateWriteResult }>({
    operation: 'create-template',
    access: 'approved-seller',
    summary: 'Register an uploaded template (pending_review) and start processing.',
  }),
  'POST /api/mvps/{id}/versions': route<{ body: CreateVersionBody; response: TemplateWriteResult }>(
    {
      operation: 'create-version',
      access: 'owner-or-admin',
      summary: 'A new version with a changelog (owner, admin or both); processing runs again.',
    },
  ),
  'POST /api/mvps/{id}/versions/{versionId}/withdraw': route<{ response: WithdrawVersionResult }>({
    operation: 'withdraw-version',
    access: 'approved-seller',
    summary:
      'The owner withdraws a new version that is not live yet; the live version stays as it is.',
  }),
  'GET /api/mvps/{id}/manage': route<{ response: ManagedTemplate }>({
    operation: 'get-managed-template',
    access: 'owner-or-admin',
    summary: 'A template in any status but archived, for its owner, admin or both.',
  }),
  'PATCH /api/mvps/{id}': route<{ body: UpdateTemplateBody; response: TemplateWriteResult }>({
    operation: 'update-template',
    access: 'owner-or-admin',
    summary: 'Edit a template (owner, admin or both); a replaced file is processed again.',
  }),
  'POST /api/mvps/{id}/retry': route<{ response: TemplateWriteResult }>({
    operation: 'retry-processing',
    access: 'owner-or-admin',
    summary: 'Process a scan_failed or ipfs_pin_failed template again (owner, admin or both).',
  }),
  'DELETE /api/mvps/{id}': route<{ response: ArchiveTemplateResult }>({
    operation: 'archive-template',
    access: 'owner-or-admin',
    summary: 'Delete (archive) a template (owner, admin or both).',
  }),
  'POST /api/mvps/{id}/rebuild': route<{ response: RebuildResult }>({
    operation: 'rebuild-template',
    access: 'approved-seller',
    summary:
      'The owner builds the newest version again (409 while it is being built, or when there is none).',
  }),
  'GET /api/my/mvps': route<{ response: MyTemplatesResult }>({
    operation: 'list-my-templates',
    access: 'approved-seller',
    summary: "The approved seller's own templates (not archived), newest first, with stats.",
  }),
  'GET /api/my/mvps/downloads': route<{ response: SellerDownloadsResult }>({
    operation: 'list-recent-downloads',
    access: 'approved-seller',
    summary:
      "The latest 5 downloads of the approved seller's templates (title and time, no buyer identity).",
  }),
  'GET /api/admin/mvps': route<{
    query: z.input<typeof pendingTemplateQuerySchema>;
    response: PendingTemplateList;
  }>({
    operation: 'list-pending-templates',
    access: 'admin',
    summary:
      'The MVP review queue: pending_review, scan_failed and ipfs_pin_failed templates (or one of them), oldest first, with the seller.',
  }),
  'POST /api/admin/mvps/{id}/approve': route<{
    body: ApproveTemplateInput;
    response: ModerationResult;
  }>({
    operation: 'approve-template',
    access: 'admin',
    summary: 'Approve a template in review: published at once, the seller notified (audited).',
  }),
  'POST /api/admin/mvps/{id}/reject': route<{
    body: z.input<typeof rejectTemplateSchema>;
    response: ModerationResult;
  }>({
    operation: 'reject-template',
    access: 'admin',
    summary: 'Reject a pending template with a reason: the seller notified (audited).',
  }),
});
