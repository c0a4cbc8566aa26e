/** `GET /api/admin/newsletter-issues/{id}`: one issue's progress (a draft: its audience). */
import { newsletterIssuePathSchema } from '../../../contract/newsletter-issues';
import { type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { adminGetIssue } from '../issues-service';

export const getNewsletterIssueHandler: HttpOperation = async (context) => {
  const { params } = parseRequest(context.event, { params: newsletterIssuePathSchema });
  return jsonResponse(200, await adminGetIssue(params.id));
};
