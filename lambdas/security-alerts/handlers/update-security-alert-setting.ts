/** `PUT /api/my/security-alerts/{id}`: one held template's alerts on or off; 404 for any other. */
import { updateSecurityAlertSchema } from '../../../contract/security-alerts';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { templatePathSchema } from '../schema';
import { updateMySecurityAlertSetting } from '../settings';

export const updateSecurityAlertSetting: HttpOperation = async (context) => {
  const auth = requireAuth(context);
  const { params, body } = parseRequest(context.event, {
    params: templatePathSchema,
    body: updateSecurityAlertSchema,
  });
  return jsonResponse(200, await updateMySecurityAlertSetting(auth.userId, params.id, body.alerts));
};
