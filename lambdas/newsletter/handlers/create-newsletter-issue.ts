/** `POST /api/admin/newsletter-issues`: a draft issue for a type, audited. */
import { newsletterIssueCreateSchema } from '../../../contract/newsletter-issues';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { adminCreateIssue } from '../issues-service';

export const createNewsletterIssueHandler: HttpOperation = async (context) => {
  const admin = requireAuth(context);
  const { body } = parseRequest(context.event, { body: newsletterIssueCreateSchema });
  return jsonResponse(201, await adminCreateIssue(admin, body));
};
