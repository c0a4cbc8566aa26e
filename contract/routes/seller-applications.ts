/** Applications to sell, and the admin decisions on them. */
import type * as z from 'zod';
import type { AdminUser, sellerApprovalChangeSchema } from '../admin-users';
import type {
  AdminSellerApplication,
  AdminSellerApplicationList,
  MySellerApplication,
  SellerApplicationBody,
  SellerApplicationDecisionBody,
  SellerApplicationReceipt,
} from '../seller-applications';
import { defineRoutes, route } from './table';

export const sellerApplicationsRoutes = defineRoutes('seller-applications', {
  'POST /api/seller-applications': route<{
    body: SellerApplicationBody;
    response: SellerApplicationReceipt;
  }>({
    operation: 'submit-application',
    access: 'user',
    summary:
      "The signed-in applicant's seller application, any role (stored pending; one under review at a time).",
  }),
  'GET /api/seller-applications/mine': route<{ response: MySellerApplication }>({
    operation: 'get-my-application',
    access: 'user',
    summary:
      "Where the caller's own seller application stands: none, pending, rejected (with the reason) or approved.",
  }),
  'GET /api/admin/seller-applications': route<{ response: AdminSellerApplicationList }>({
    operation: 'list-seller-applications',
    access: 'admin',
    summary: 'The seller application queue: pending first (oldest first), then decided ones.',
  }),
  'POST /api/admin/seller-applications/{userId}/decision': route<{
    body: SellerApplicationDecisionBody;
    response: AdminSellerApplication;
  }>({
    operation: 'decide-seller-application',
    access: 'admin',
    summary:
      'Approve (the user becomes an approved seller) or reject with a reason; audited and notified in one transaction.',
  }),
  'POST /api/admin/users/{id}/seller-approval': route<{
    body: z.input<typeof sellerApprovalChangeSchema>;
    response: AdminUser;
  }>({
    operation: 'set-seller-approval',
    access: 'admin',
    summary:
      'Approve a seller (through the seller application decision) or revoke one (roles seller and both).',
  }),
});
