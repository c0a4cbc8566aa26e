/** `GET /api/admin/overview`: the stat cards and short lists (admins, by the route table). */
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { getAdminOverview } from '../service';

export const getOverview: HttpOperation = async () => jsonResponse(200, await getAdminOverview());
