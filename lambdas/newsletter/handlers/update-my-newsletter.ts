/** `PUT /api/me/newsletter`: subscribe or unsubscribe the caller (only ever the caller). */
import { newsletterUpdateSchema } from '../../../contract/newsletter';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { updateMyNewsletter } from '../service';

export const updateMyNewsletterHandler: HttpOperation = async (context) => {
  const identity = requireAuth(context);
  const { body } = parseRequest(context.event, { body: newsletterUpdateSchema });
  return jsonResponse(200, await updateMyNewsletter(identity, body));
};
