/** `POST /api/uploads/avatar`: a presigned PUT URL for one avatar image (any signed-in user). */
import { avatarUploadRequestSchema } from '../../../contract/uploads';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { createAvatarUpload as createAvatarUploadGrant } from '../service';

export const createAvatarUpload: HttpOperation = async (context) => {
  const { body } = parseRequest(context.event, { body: avatarUploadRequestSchema });
  return jsonResponse(201, await createAvatarUploadGrant(requireAuth(context).userId, body));
};
