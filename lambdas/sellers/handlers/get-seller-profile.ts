/** `GET /api/sellers/{username}` (public): an approved seller's public page. */
import * as z from 'zod';
import { SELLER_NOT_FOUND_MESSAGE } from '../../../contract/sellers';
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { getPublicSellerProfile } from '../service';

const paramsSchema = z.object({
  username: z.string().trim().min(1, SELLER_NOT_FOUND_MESSAGE).max(64, SELLER_NOT_FOUND_MESSAGE),
});

export const getSellerProfile: HttpOperation = async (context) => {
  const { params } = parseRequest(context.event, { params: paramsSchema });
  return jsonResponse(200, await getPublicSellerProfile(params.username));
};
