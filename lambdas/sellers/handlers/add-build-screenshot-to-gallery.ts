/**
 * `POST /api/mvps/{id}/build/screenshots/{viewport}/gallery`: the seller adds a picture of their
 * newest build to the template's gallery (the templates domain's rule, captured-pictures.ts).
 */
import * as z from 'zod';
import { PICTURE_MESSAGES } from '../../../contract/build-pictures';
import { templateIdSchema } from '../../../contract/catalog';
import { CAPTURE_VIEWPORTS } from '../../../contract/design/capture';
import { addCapturedPicture } from '../../templates/captured-pictures';
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';

const paramsSchema = z.object({
  id: templateIdSchema,
  viewport: z.enum(CAPTURE_VIEWPORTS, { error: PICTURE_MESSAGES.badViewport }),
});

export const addBuildScreenshotToGallery: HttpOperation = async (context) => {
  const caller = requireProfile(context);
  const { params } = parseRequest(context.event, { params: paramsSchema });
  const result = await addCapturedPicture(caller, params.id, params.viewport);
  return jsonResponse(result.added ? 201 : 200, result);
};
