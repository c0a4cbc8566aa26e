/** The billing Lambda: its rows of the route table through the shared HTTP chain. */
import { createHttpHandler } from '../shared/http/create-http-handler';
import { getCurrentSubscription } from './handlers/get-current-subscription';
import { listSubscriptions } from './handlers/list-subscriptions';

export const handler = createHttpHandler('billing', {
  'list-subscriptions': listSubscriptions,
  'get-current-subscription': getCurrentSubscription,
});
