/** The newsletter Lambda: its rows of the route table through the shared HTTP chain. */
import { createHttpHandler } from '../shared/http/create-http-handler';
import { captureLeadHandler } from './handlers/capture-lead';
import { getMyNewsletterHandler } from './handlers/get-my-newsletter';
import { updateMyNewsletterHandler } from './handlers/update-my-newsletter';

export const handler = createHttpHandler('newsletter', {
  'get-my-newsletter': getMyNewsletterHandler,
  'update-my-newsletter': updateMyNewsletterHandler,
  'capture-lead': captureLeadHandler,
});
