/** `GET /api/admin/newsletter-types`: every newsletter type (admin newsletter tab). */
import { type HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { adminListNewsletterTypes } from '../admin-service';

export const listNewsletterTypesHandler: HttpOperation = async () =>
  jsonResponse(200, await adminListNewsletterTypes());
