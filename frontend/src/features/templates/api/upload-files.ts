/**
 * Browser uploads straight to S3: the API
 * grants one presigned PUT per file (`POST /api/uploads`), the browser sends each file with
 * XMLHttpRequest so the progress bar shows bytes actually sent (fetch has no upload progress),
 * and the caller then registers what was uploaded. Used by upload, new version and edit.
 */
import type { PresignedUpload, UploadedFile } from '@contract/uploads';
import { TEMPLATE_FILE_KINDS, templateFileKindOf } from '@contract/uploads';
import { api } from '@/lib/api-client';

export const UPLOAD_FAILED_MESSAGE = 'Failed to upload MVP file';

/** The canonical content type of a bundle (browsers disagree about .tar.gz and .rar). */
export function bundleContentType(fileName: string): string {
  const kind = templateFileKindOf(fileName);
  return kind ? TEMPLATE_FILE_KINDS[kind].contentType : 'application/octet-stream';
}

/** Puts one file to its presigned URL, reporting bytes sent. */
function putFile(
  upload: PresignedUpload,
  file: File,
  onProgress: (sent: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', upload.url);
    for (const [name, value] of Object.entries(upload.headers)) {
      request.setRequestHeader(name, value);
    }
    request.upload.onprogress = (event) => onProgress(event.loaded);
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(file.size);
        resolve();
      } else reject(new Error(UPLOAD_FAILED_MESSAGE));
    };
    request.onerror = () => reject(new Error(UPLOAD_FAILED_MESSAGE));
    request.send(file);
  });
}

export interface UploadedSet {
  uploadId: string;
  bundle: UploadedFile | undefined;
  images: UploadedFile[];
}

/**
 * Asks for upload URLs, then sends the files one after the other; `onProgress` gets the fraction
 * (0–1) of all bytes sent so far.
 */
export async function uploadFiles(
  files: { bundle?: File; images: File[] },
  onProgress: (fraction: number) => void,
): Promise<UploadedSet> {
  const grant = await api('POST /api/uploads', {
    body: {
      ...(files.bundle
        ? {
            bundle: {
              fileName: files.bundle.name,
              size: files.bundle.size,
              contentType: bundleContentType(files.bundle.name),
            },
          }
        : {}),
      images: files.images.map((image) => ({
        fileName: image.name,
        size: image.size,
        contentType: image.type,
      })),
    },
  });
  const pairs: [PresignedUpload, File][] = [];
  if (grant.bundle && files.bundle) pairs.push([grant.bundle, files.bundle]);
  grant.images.forEach((upload, index) => pairs.push([upload, files.images[index]!]));

  const total = pairs.reduce((sum, [, file]) => sum + file.size, 0) || 1;
  let done = 0;
  for (const [upload, file] of pairs) {
    await putFile(upload, file, (sent) => onProgress(Math.min(1, (done + sent) / total)));
    done += file.size;
  }
  const restate = (upload: PresignedUpload): UploadedFile => ({
    key: upload.key,
    fileName: upload.fileName,
    size: upload.size,
    contentType: upload.contentType,
  });
  return {
    uploadId: grant.uploadId,
    bundle: grant.bundle ? restate(grant.bundle) : undefined,
    images: grant.images.map(restate),
  };
}

/** The progress bar: the bytes sent take it to 90%, registering the upload completes it. */
export const SENT_SHARE = 90;

/** `uploadFiles` reporting on the bar's scale (0–90). */
export const uploadWithProgress = (
  files: { bundle?: File; images: File[] },
  onProgress: (percent: number) => void,
): Promise<UploadedSet> => uploadFiles(files, (fraction) => onProgress(fraction * SENT_SHARE));
