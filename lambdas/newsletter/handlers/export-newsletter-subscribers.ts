/**
 * `GET /api/admin/newsletter-subscribers/export?status=`: the addresses as a CSV download
 * (audited); 413 past the export's size cap.
 */
import { newsletterSubscribersExportQuerySchema } from '../../../contract/admin-newsletter';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { csvResponse } from '../../shared/http/csv';
import { parseRequest } from '../../shared/http/parse-request';
import { adminExportSubscribers } from '../admin-service';

export const exportNewsletterSubscribersHandler: HttpOperation = async (context) => {
  const admin = requireAuth(context);
  const { query } = parseRequest(context.event, { query: newsletterSubscribersExportQuerySchema });
  const file = await adminExportSubscribers(admin, query.status);
  return csvResponse(file.filename, file.body);
};
