/** `GET /api/mvps/{id}/files/image?path=`: an image the README shows, from the bundle. */
import { PREVIEW_CONTENT_SECURITY_POLICY } from '../../../contract/design/web-security';
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { readReadmeImage } from '../readme-images';
import { fileImageQuerySchema, templatePathSchema } from '../schema';

/**
 * The same for every visitor and changed only by a new version, so browsers and CloudFront keep
 * it a few minutes. An SVG opened on its own must run nothing: nosniff keeps every answer the
 * image type it is sent as, and the preview policy's sandboxing CSP gives an SVG document no
 * script, no fetch and a unique origin (CloudFront and the local edge send the same policy for
 * this path, web-security.ts `BUNDLE_FILE_PATH_PATTERNS`).
 */
const IMAGE_HEADERS = {
  'cache-control': 'public, max-age=300, s-maxage=300',
  'x-content-type-options': 'nosniff',
  'content-security-policy': PREVIEW_CONTENT_SECURITY_POLICY,
  'cross-origin-resource-policy': 'same-origin',
} as const;

export const getTemplateFileImage: HttpOperation = async ({ event }) => {
  const { params, query } = parseRequest(event, {
    params: templatePathSchema,
    query: fileImageQuerySchema,
  });
  const image = await readReadmeImage(params.id, query.path);
  return {
    statusCode: 200,
    headers: { ...IMAGE_HEADERS, 'content-type': image.contentType },
    body: Buffer.from(image.bytes).toString('base64'),
    isBase64Encoded: true,
  };
};
