/** `GET /api/admin/newsletter-issues`: the newest issues first, with status and counts. */
import { type HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { adminListIssues } from '../issues-service';

export const listNewsletterIssuesHandler: HttpOperation = async () =>
  jsonResponse(200, await adminListIssues());
