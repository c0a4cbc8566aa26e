/**
 * The images a template's README shows, served from its own bundle, so that a README's
 * `public/demo.png` or `<img src="./docs/shot.png">` shows on the template's page as on GitHub.
 *
 * Who may see one follows the code preview's rule: the README is public, so the images it shows
 * are public too (an `<img>` carries no token anyway); any other file of the bundle is read only by
 * those who may download the template (code-preview.ts, `readBundleFile`). Which images the README
 * shows is read from the README itself, resolved as the browser resolves it
 * (contract/bundle-paths.ts).
 *
 * Where the bytes come from: an SVG is text, kept in the preview's pack (one ranged read); any
 * other image is read from the zip itself through its directory (a few ranged reads, the entry
 * inflated under the archive limits). A tar.gz or RAR bundle has no directory to read one entry
 * from, so its binary images are not shown.
 */
import {
  BUNDLE_IMAGE_MAX_BYTES,
  bundleImageTypeOf,
  resolveBundlePath,
} from '../../contract/bundle-paths';
import { CODE_PREVIEW_MESSAGES } from '../../contract/downloads';
import { getApprovedTemplateItem } from '../catalog/template-items';
import { normalizeEntryPath } from '../shared/archives/limits';
import { s3Source } from '../shared/archives/s3-source';
import { openZip } from '../shared/archives/zip-reader';
import { ForbiddenError, NotFoundError, UnprocessableError } from '../shared/errors';
import type { BundleManifest, ManifestFile } from '../shared/storage/bundle-manifest';
import type { StorageReadLimit } from '../shared/storage/s3';
import { README_NAMES, findDocument, readPackedBytes, withBundleFile } from './code-preview';

export interface BundleImage {
  path: string;
  contentType: string;
  bytes: Uint8Array;
}

/**
 * Every place a README names a path: Markdown links and images, references, HTML src/srcset.
 * Each run is bounded (a line, 2,048 characters): a README is the seller's text, and an unbounded
 * run from every `src="` of a 256 KB README without a closing quote would be quadratic.
 */
const REFERENCE_PATTERNS = [
  /\]\(\s*<?([^)\s>]{1,2048})/g,
  /^ {0,3}\[[^\]\n]{1,999}\]:[ \t]*<?([^\s>]{1,2048})/gm,
  /\b(?:src|srcset)[ \t]*=[ \t]*(?:"([^"\n]{0,2048})"|'([^'\n]{0,2048})'|([^\s>]{1,2048}))/gi,
];

/**
 * The bundle paths a README names (links and images alike), resolved from the README's folder.
 * Generous on purpose: a path only counts when it is also an image of the bundle.
 */
export const pathsNamedBy = (readmePath: string, markdown: string): Set<string> => {
  const paths = new Set<string>();
  for (const pattern of REFERENCE_PATTERNS) {
    for (const match of markdown.matchAll(pattern)) {
      const value = match.slice(1).find((group) => group !== undefined) ?? '';
      // A srcset lists `url descriptor` pairs; a plain src is one url.
      for (const candidate of value.split(',')) {
        const url = candidate.trim().split(/\s+/)[0];
        const path = url ? resolveBundlePath(readmePath, url) : null;
        if (path) paths.add(path);
      }
    }
  }
  return paths;
};

const readFromZip = async (
  fileKey: string,
  path: string,
  limit: StorageReadLimit,
): Promise<Uint8Array> => {
  const zip = await openZip(s3Source(fileKey, limit));
  try {
    const entry = zip.entries.find(
      (candidate) =>
        candidate.kind === 'file' &&
        candidate.readable &&
        candidate.problems.length === 0 &&
        normalizeEntryPath(candidate.name) === path,
    );
    if (!entry) throw new NotFoundError(CODE_PREVIEW_MESSAGES.unknownPath);
    const { problems, content } = await zip.open(entry);
    if (problems.length > 0) throw new NotFoundError(CODE_PREVIEW_MESSAGES.unknownPath);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of content) {
      size += chunk.byteLength;
      // The directory's size can lie; the bytes cannot.
      if (size > BUNDLE_IMAGE_MAX_BYTES)
        throw new UnprocessableError(CODE_PREVIEW_MESSAGES.imageTooLarge);
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  } finally {
    await zip.close();
  }
};

const readImageBytes = async (
  fileKey: string,
  manifest: BundleManifest,
  file: ManifestFile,
  limit: StorageReadLimit,
): Promise<Uint8Array> => {
  if (file.kind === 'text' && file.offset !== undefined && file.truncated !== true)
    return readPackedBytes(fileKey, file, limit);
  if (manifest.format !== 'zip')
    throw new UnprocessableError(CODE_PREVIEW_MESSAGES.imageUnavailable);
  return readFromZip(fileKey, file.path, limit);
};

/**
 * One image of an approved template's bundle that its README shows; spends no quota.
 *
 * 1. Find the approved template and its preview manifest (404, 409).
 * 2. Find the file in the manifest and check the README names it (404, 403).
 * 3. Read it within the size limit (422 past it), from the pack or the zip.
 *
 * Steps 1 to 3 read storage within the route's budget (STORAGE_READ_BUDGET, storage/s3.ts): a
 * bucket that does not answer is storage's 503 in words within seconds.
 */
export const readReadmeImage = async (templateId: string, path: string): Promise<BundleImage> => {
  const contentType = bundleImageTypeOf(path);
  if (!contentType) throw new UnprocessableError(CODE_PREVIEW_MESSAGES.notAnImage);
  const template = await getApprovedTemplateItem(templateId);
  return withBundleFile(template, path, async (file, { fileKey, manifest, limit }) => {
    const readme = findDocument(manifest.files, README_NAMES);
    const readmeText = readme
      ? Buffer.from(await readPackedBytes(fileKey, readme, limit)).toString('utf8')
      : '';
    if (!readme || !pathsNamedBy(readme.path, readmeText).has(path))
      throw new ForbiddenError(CODE_PREVIEW_MESSAGES.imageNotShown);

    if (file.size > BUNDLE_IMAGE_MAX_BYTES)
      throw new UnprocessableError(CODE_PREVIEW_MESSAGES.imageTooLarge);
    return { path, contentType, bytes: await readImageBytes(fileKey, manifest, file, limit) };
  });
};
