/** The refunds Lambda: its rows of the route table through the shared HTTP chain. */
import { loadCallerProfile } from '../profiles/profile-loader';
import { refundsRoutes } from '../../contract/routes/refunds';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  refundsRoutes,
  {
    'create-refund-request': () =>
      import('./handlers/create-refund-request').then((m) => m.createRefundRequest),
    'list-refund-requests': () =>
      import('./handlers/list-refund-requests').then((m) => m.listRefundRequests),
    'list-refundable-purchases': () =>
      import('./handlers/list-refundable-purchases').then((m) => m.listRefundablePurchases),
    'list-refund-requests-by-status': () =>
      import('./handlers/list-refund-requests-by-status').then((m) => m.listRefundRequestsByStatus),
    'approve-refund-request': () =>
      import('./handlers/approve-refund-request').then((m) => m.approveRefundRequest),
    'reject-refund-request': () =>
      import('./handlers/reject-refund-request').then((m) => m.rejectRefundRequest),
    'process-refund-request': () =>
      import('./handlers/process-refund-request').then((m) => m.processRefundRequest),
  },
  { loadProfile: loadCallerProfile },
);
