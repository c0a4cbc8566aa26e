/** `GET /api/stories` (public): launched sites their buyers chose to show. */
import { listLaunchStories } from '../../deployments/stories';
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';

export const listStories: HttpOperation = async () => jsonResponse(200, await listLaunchStories());
