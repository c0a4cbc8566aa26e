/** `POST /api/github/app/installations`: the `/github-app-callback` parameters (approved seller). */
import { githubInstallationSchema } from '../../../contract/github';
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { completeInstallation } from '../service';

export const completeGithubAppInstallation: HttpOperation = async (context) => {
  const { body } = parseRequest(context.event, { body: githubInstallationSchema });
  return jsonResponse(200, await completeInstallation(requireProfile(context), body));
};
