/** `GET /api/admin/payout-runs`: the monthly runs owed over the last year, newest first. */
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { listPayoutRuns as listRuns } from '../admin-runs';

export const listPayoutRuns: HttpOperation = async () => jsonResponse(200, await listRuns());
