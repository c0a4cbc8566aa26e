/** `GET /api/github/app/install-url`: the App's installation page with a signed state (approved seller). */
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { installUrl } from '../service';

export const getGithubAppInstallUrl: HttpOperation = async (context) =>
  jsonResponse(200, await installUrl(requireProfile(context)));
