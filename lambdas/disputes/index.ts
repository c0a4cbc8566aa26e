/** The disputes Lambda: its rows of the route table through the shared HTTP chain. */
import { createHttpHandler } from '../shared/http/create-http-handler';
import { createDispute } from './handlers/create-dispute';
import { getDispute } from './handlers/get-dispute';
import { listDisputes } from './handlers/list-disputes';

export const handler = createHttpHandler('disputes', {
  'create-dispute': createDispute,
  'list-disputes': listDisputes,
  'get-dispute': getDispute,
});
