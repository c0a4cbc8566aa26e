/** `POST /api/newsletter/confirm` (public): the double opt-in link's token. */
import { confirmRequestSchema } from '../../../contract/newsletter-issues';
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { confirmSubscription } from '../service';

export const confirmNewsletterHandler: HttpOperation = async (context) => {
  const { body } = parseRequest(context.event, { body: confirmRequestSchema });
  return jsonResponse(200, await confirmSubscription(body));
};
