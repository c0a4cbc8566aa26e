/** `GET /api/health` (public): the live health the `/status` page shows. */
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { getRecentHealth } from '../health';

export const getHealthHandler: HttpOperation = async () => {
  const response = jsonResponse(200, await getRecentHealth());
  // Live by nature: never from a cache.
  return { ...response, headers: { ...response.headers, 'cache-control': 'no-store' } };
};
