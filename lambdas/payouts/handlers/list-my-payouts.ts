/** `GET /api/payouts?status=`: the caller's payouts and the four figures of the payouts page. */
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { listMyPayoutsQuerySchema } from '../schema';
import { listMyPayouts as listOwnPayouts } from '../service';

export const listMyPayouts: HttpOperation = async (context) => {
  const profile = requireProfile(context);
  const { query } = parseRequest(context.event, { query: listMyPayoutsQuerySchema });
  return jsonResponse(200, await listOwnPayouts(profile, query.status));
};
