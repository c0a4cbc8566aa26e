/** `POST /api/deployments/netlify/callback`: handle-netlify-callback (token stored, site step started). */
import { netlifyCallbackSchema } from '../../../contract/deployments';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { completeNetlifyStep } from '../service';

export const completeNetlifyConnectionOperation: HttpOperation = async (context) => {
  const { body } = parseRequest(context.event, { body: netlifyCallbackSchema });
  return jsonResponse(200, await completeNetlifyStep(requireAuth(context).userId, body));
};
