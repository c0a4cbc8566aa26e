/**
 * `GET /api/admin/security-advisories`: live templates with known advisories (admins only, by the
 * route table).
 */
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { listLiveTemplateAdvisories } from '../admin-list';

export const listLiveAdvisories: HttpOperation = async (context) => {
  requireProfile(context);
  return jsonResponse(200, await listLiveTemplateAdvisories());
};
