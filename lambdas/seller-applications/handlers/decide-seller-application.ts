/** `POST /api/admin/seller-applications/{userId}/decision`: approve, or reject with a reason. */
import {
  sellerApplicationDecisionSchema,
  sellerApplicationPathSchema,
} from '../../../contract/seller-applications';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { decideSellerApplication as decide } from '../service';

export const decideSellerApplication: HttpOperation = async (context) => {
  const admin = requireAuth(context);
  const { params, body } = parseRequest(context.event, {
    params: sellerApplicationPathSchema,
    body: sellerApplicationDecisionSchema,
  });
  return jsonResponse(200, await decide(admin, params.userId, body));
};
