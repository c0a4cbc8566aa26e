/** `POST /api/uploads`: presigned PUT URLs for a bundle and/or preview images. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { uploadRequestSchema } from '../../shared/contracts/uploads';
import { callerProfile, createUpload as createUploadGrant } from '../service';

export const createUpload: HttpOperation = async (context) => {
  const { body } = parseRequest(context.event, { body: uploadRequestSchema });
  const profile = await callerProfile(requireAuth(context));
  return jsonResponse(201, await createUploadGrant(profile, body));
};
