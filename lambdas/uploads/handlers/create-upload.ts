/** `POST /api/uploads`: presigned PUT URLs for a bundle and/or preview images. */
import { uploadRequestSchema } from '../../../contract/uploads';
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { createUpload as createUploadGrant } from '../service';

export const createUpload: HttpOperation = async (context) => {
  const { body } = parseRequest(context.event, { body: uploadRequestSchema });
  return jsonResponse(201, await createUploadGrant(requireProfile(context), body));
};
