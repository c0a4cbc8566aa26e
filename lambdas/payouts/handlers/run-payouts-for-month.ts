/** `POST /api/admin/payout-runs`: run the payouts of an ended month that was never run. */
import { payoutRunInputSchema } from '../../../contract/payouts';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { runPayoutsForMonth as runMonth } from '../admin-runs';

export const runPayoutsForMonth: HttpOperation = async (context) => {
  const admin = requireAuth(context);
  const { body } = parseRequest(context.event, { body: payoutRunInputSchema });
  return jsonResponse(202, await runMonth(admin, body.month_year));
};
