/**
 * `POST /api/auth/beta` (public): the sign-in of the seeded beta account, which the browser then
 * uses with Cognito like any other sign-in. 404 while beta access is switched off.
 */
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { getBetaCredentials } from '../service';

export const startBetaSession: HttpOperation = async () => jsonResponse(200, getBetaCredentials());
