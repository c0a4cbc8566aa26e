/** `POST /api/admin/payouts/{sellerId}/{monthYear}/process`: pay a pending or failed payout now. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { processPayoutNow } from '../process';
import { payoutPathSchema } from '../schema';

export const processPayout: HttpOperation = async (context) => {
  const admin = requireAuth(context);
  const { params } = parseRequest(context.event, { params: payoutPathSchema });
  return jsonResponse(
    200,
    await processPayoutNow(admin, { seller_id: params.sellerId, month_year: params.monthYear }),
  );
};
