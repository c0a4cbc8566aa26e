/**
 * The preview distribution's two CloudFront Functions (JS 2.0 runtime), as source text: the CDK
 * deploys them (preview-distribution.ts) and the local preview server evaluates these very
 * strings (lib/local/cloud/preview-edge.ts), so a preview behaves the same on a laptop as behind
 * CloudFront. No CDK import here: the local stack loads this module without loading the CDK.
 */
import { PREVIEW_URL_SECONDS } from '../../contract/design/live-previews';

/**
 * The previews' viewer-request function: `/{template}/{version}/` and any path of a preview
 * without a file extension (a client-side route) serve that preview's `index.html`.
 */
export const previewRewriteSource = `function handler(event) {
  var request = event.request;
  var parts = request.uri.split('/');
  if (parts.length < 4 || !parts[1] || !parts[2]) return request;
  var last = parts[parts.length - 1];
  if (last === '' || last.indexOf('.') === -1) {
    request.uri = '/' + parts[1] + '/' + parts[2] + '/index.html';
  }
  return request;
}`;

/**
 * The previews' viewer-response function: the signed address's Policy, Signature and
 * Key-Pair-Id become CloudFront's signed cookies, scoped to that preview's folder and living no
 * longer than the address, so the page's own scripts, styles and images load with it too. The
 * policy's resource is the preview's folder (`/{template}/{version}/*`), so the cookies open
 * nothing else. Partitioned: in the marketplace's frame they are kept for that frame alone.
 */
export const previewSignedCookiesSource = `function handler(event) {
  var q = event.request.querystring;
  var response = event.response;
  if (!q.Policy || !q.Signature || !q['Key-Pair-Id']) return response;
  var parts = event.request.uri.split('/');
  var attributes = 'Path=/' + parts[1] + '/' + parts[2] + '/; Max-Age=${PREVIEW_URL_SECONDS}; Secure; HttpOnly; SameSite=None; Partitioned';
  response.cookies['CloudFront-Policy'] = { value: q.Policy.value, attributes: attributes };
  response.cookies['CloudFront-Signature'] = { value: q.Signature.value, attributes: attributes };
  response.cookies['CloudFront-Key-Pair-Id'] = { value: q['Key-Pair-Id'].value, attributes: attributes };
  return response;
}`;
