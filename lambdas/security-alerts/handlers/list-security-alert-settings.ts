/** `GET /api/my/security-alerts`: the caller's templates, each with its alert switch. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { listMySecurityAlertSettings } from '../settings';

export const listSecurityAlertSettings: HttpOperation = async (context) => {
  const auth = requireAuth(context);
  return jsonResponse(200, await listMySecurityAlertSettings(auth.userId));
};
