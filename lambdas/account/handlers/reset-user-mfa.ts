/** `POST /api/admin/users/{id}/mfa-reset`: an admin turns off a user's lost authenticator app. */
import { adminUserPathSchema } from '../../../contract/admin-users';
import { mfaResetSchema } from '../../../contract/mfa-reset';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { resetUserMfa } from '../mfa-reset';

export const resetUserMfaOperation: HttpOperation = async (context) => {
  const admin = requireAuth(context);
  const { params, body } = parseRequest(context.event, {
    params: adminUserPathSchema,
    body: mfaResetSchema,
  });
  return jsonResponse(200, await resetUserMfa(admin, params.id, body.reason));
};
