/** `GET /api/my/mvps/downloads`: the latest downloads of the approved seller's templates. */
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { listRecentDownloads as listSellerDownloads } from '../service';

export const listRecentDownloads: HttpOperation = async (context) =>
  jsonResponse(200, await listSellerDownloads(requireProfile(context)));
