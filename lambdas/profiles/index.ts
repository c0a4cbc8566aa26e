/** The profiles Lambda: its rows of the route table through the shared HTTP chain. */
import { createHttpHandler } from '../shared/http/create-http-handler';
import { getMyProfile } from './handlers/get-my-profile';
import { startBetaSession } from './handlers/start-beta-session';
import { updateMyProfileHandler } from './handlers/update-my-profile';

export const handler = createHttpHandler('profiles', {
  'get-my-profile': getMyProfile,
  'update-my-profile': updateMyProfileHandler,
  'start-beta-session': startBetaSession,
});
