/** `POST /api/me/close`: closes the caller's account, confirmed by their password. */
import { closeAccountSchema } from '../../../contract/account';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { closeMyAccount } from '../service';

export const closeMyAccountOperation: HttpOperation = async (context) => {
  const { body } = parseRequest(context.event, { body: closeAccountSchema });
  return jsonResponse(200, await closeMyAccount(requireAuth(context), body.password));
};
