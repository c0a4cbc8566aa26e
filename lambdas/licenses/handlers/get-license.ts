/** `GET /api/licenses/{id}`: one licence certificate, for anyone holding its id. */
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { licensePathSchema } from '../schema';
import { getLicense as readLicense } from '../service';

export const getLicense: HttpOperation = async ({ event }) => {
  const { params } = parseRequest(event, { params: licensePathSchema });
  return jsonResponse(200, await readLicense(params.id));
};
