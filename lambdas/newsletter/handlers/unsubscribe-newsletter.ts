/**
 * `POST /api/newsletter/unsubscribe` (public): the token from the query (a mail client's RFC 8058
 * one-click POST, whose body is the form field `List-Unsubscribe=One-Click`) or from a JSON body
 * (the unsubscribe page). Only POST: a GET never unsubscribes, since mail scanners prefetch links.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { unsubscribeRequestSchema } from '../../../contract/newsletter-issues';
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest, validationErrorFromZod } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { unsubscribe } from '../service';

const queryToken = (event: APIGatewayProxyEventV2) => event.queryStringParameters?.token;

export const unsubscribeNewsletterHandler: HttpOperation = async (context) => {
  const fromQuery = queryToken(context.event);
  if (fromQuery !== undefined) {
    const parsed = unsubscribeRequestSchema.safeParse({ token: fromQuery });
    if (!parsed.success) throw validationErrorFromZod(parsed.error);
    return jsonResponse(200, await unsubscribe(parsed.data));
  }
  const { body } = parseRequest(context.event, { body: unsubscribeRequestSchema });
  return jsonResponse(200, await unsubscribe(body));
};
