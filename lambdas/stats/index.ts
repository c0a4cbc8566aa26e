/** The stats Lambda: its rows of the route table through the shared HTTP chain. */
import { createHttpHandler } from '../shared/http/create-http-handler';
import { getHomeStatsHandler } from './handlers/get-home-stats';

export const handler = createHttpHandler('stats', {
  'get-home-stats': getHomeStatsHandler,
});
