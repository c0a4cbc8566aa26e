/** `POST /api/admin/newsletter-issues/{id}/send`: draft → sending once, audited; 409 otherwise. */
import { newsletterIssuePathSchema } from '../../../contract/newsletter-issues';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { adminSendIssue } from '../issues-service';

export const sendNewsletterIssueHandler: HttpOperation = async (context) => {
  const admin = requireAuth(context);
  const { params } = parseRequest(context.event, { params: newsletterIssuePathSchema });
  return jsonResponse(202, await adminSendIssue(admin, params.id));
};
