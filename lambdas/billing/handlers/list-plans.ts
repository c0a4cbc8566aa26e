/** `GET /api/billing/plans`: every plan's Stripe price id (null when it is not sold online). */
import { config } from '../../shared/config';
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { listPlanPrices } from '../checkout';

export const listPlans: HttpOperation = async () =>
  jsonResponse(200, listPlanPrices(config().DEPLOYMENT_MODE === 'local'));
