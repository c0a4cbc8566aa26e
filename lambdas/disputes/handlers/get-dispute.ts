/** `GET /api/disputes/{id}`: one dispute, for its buyer, its seller, admin or both only. */
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { disputePathSchema } from '../schema';
import { getDisputeFor } from '../service';

export const getDispute: HttpOperation = async (context) => {
  const caller = requireProfile(context);
  const { params } = parseRequest(context.event, { params: disputePathSchema });
  return jsonResponse(200, await getDisputeFor(caller, params.id));
};
