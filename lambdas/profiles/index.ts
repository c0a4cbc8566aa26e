/** The profiles Lambda: its rows of the route table through the shared HTTP chain. */
import { createHttpHandler } from '../shared/http/create-http-handler';
import { getMyProfile } from './handlers/get-my-profile';

export const handler = createHttpHandler('profiles', {
  'get-my-profile': getMyProfile,
});
