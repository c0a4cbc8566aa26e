/**
 * `GET /api/mvps/{id}/build/screenshots/{viewport}`: a picture of the newest version's built site,
 * for its seller or an admin. Private, so never stored by a cache; nosniff keeps it a PNG.
 */
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { getBuildPictureFor } from '../builds';
import { picturePathSchema } from '../schema';

export const getBuildScreenshot: HttpOperation = async (context) => {
  const caller = requireProfile(context);
  const { params } = parseRequest(context.event, { params: picturePathSchema });
  const bytes = await getBuildPictureFor(caller, params.id, params.viewport);
  return {
    statusCode: 200,
    headers: {
      'content-type': 'image/png',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
    },
    body: Buffer.from(bytes).toString('base64'),
    isBase64Encoded: true,
  };
};
