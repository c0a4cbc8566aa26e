/**
 * `POST /api/contact` (public): the `/contact` form. 400 with the field's message for invalid
 * input, 429 past the hourly limit per client.
 */
import { contactMessageInputSchema } from '../../../contract/contact';
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { clientAddressOf } from '../../shared/http/viewer-address';
import { sendContactMessage as send } from '../service';

export const sendContactMessage: HttpOperation = async ({ event, auth }) => {
  const { body } = parseRequest(event, { body: contactMessageInputSchema });
  return jsonResponse(
    201,
    await send(body, {
      sourceIp: clientAddressOf(event),
      userId: auth?.userId ?? null,
    }),
  );
};
