/** `GET /api/me/licenses`: the caller's licence certificates, newest first. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { myLicensesQuerySchema } from '../schema';
import { listMyLicenses as listLicenses } from '../service';

export const listMyLicenses: HttpOperation = async (context) => {
  const auth = requireAuth(context);
  const { query } = parseRequest(context.event, { query: myLicensesQuerySchema });
  return jsonResponse(200, await listLicenses(auth.userId, query));
};
