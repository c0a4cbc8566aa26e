/** `POST /api/disputes`: a dispute about a template the caller downloaded. */
import { disputeInputSchema } from '../../../contract/disputes';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { fileDispute } from '../service';

export const createDispute: HttpOperation = async (context) => {
  const caller = requireAuth(context);
  const { body } = parseRequest(context.event, { body: disputeInputSchema });
  return jsonResponse(201, await fileDispute(caller, body));
};
