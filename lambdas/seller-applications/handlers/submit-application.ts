/** `POST /api/seller-applications`: the signed-in applicant's seller application. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { sellerApplicationBodySchema } from '../../../contract/seller-applications';
import { submitSellerApplication } from '../service';

export const submitApplication: HttpOperation = async (context) => {
  const auth = requireAuth(context);
  const { body } = parseRequest(context.event, { body: sellerApplicationBodySchema });
  return jsonResponse(201, await submitSellerApplication(auth, body));
};
