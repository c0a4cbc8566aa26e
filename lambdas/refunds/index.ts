/** The refunds Lambda: its rows of the route table through the shared HTTP chain. */
import { createHttpHandler } from '../shared/http/create-http-handler';
import { createRefundRequest } from './handlers/create-refund-request';
import { listRefundRequests } from './handlers/list-refund-requests';

export const handler = createHttpHandler('refunds', {
  'create-refund-request': createRefundRequest,
  'list-refund-requests': listRefundRequests,
});
