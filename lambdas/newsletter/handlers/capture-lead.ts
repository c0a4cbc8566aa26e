/** `POST /api/leads` (public): the launch overlay's e-mail form; consent is required here too. */
import { leadCaptureSchema } from '../../../contract/newsletter';
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { captureLead } from '../service';

export const captureLeadHandler: HttpOperation = async (context) => {
  const { body } = parseRequest(context.event, { body: leadCaptureSchema });
  return jsonResponse(200, await captureLead(body));
};
