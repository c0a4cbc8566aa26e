/** `GET /api/stats` (public): the home hero's live figures. */
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { getHomeStats } from '../service';

export const getHomeStatsHandler: HttpOperation = async () =>
  jsonResponse(200, await getHomeStats());
