/**
 * Uploads: the file rules the browser applies before an
 * upload and the API again before it signs anything, and the presigned-upload request and answer.
 */
import * as z from 'zod';
import { textProblem } from './text';

// Files

export const MAX_TEMPLATE_FILE_BYTES = 100 * 1024 * 1024;
export const MIN_TEMPLATE_FILE_BYTES = 1024;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_FILE_NAME_LENGTH = 255;
export const MAX_PREVIEW_IMAGES = 10;

/** Bundle kinds by extension; `.tgz` is what the picker also accepts for tar.gz. */
export const TEMPLATE_FILE_KINDS = {
  zip: { extensions: ['.zip'], contentType: 'application/zip' },
  'tar.gz': { extensions: ['.tar.gz', '.tgz'], contentType: 'application/gzip' },
  rar: { extensions: ['.rar'], contentType: 'application/vnd.rar' },
} as const;
export type TemplateFileKind = keyof typeof TEMPLATE_FILE_KINDS;
export const TEMPLATE_FILE_ACCEPT = '.zip,.tar.gz,.tgz,.rar';

const kilobytes = (bytes: number) => `${bytes / 1024} KB`;
const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

/**
 * The bundle's rules as the file input states them before anything is uploaded, from the same
 * limits the browser and the API check: `ZIP, TAR.GZ or RAR, at least 1 KB and at most 100 MB.`
 */
export const TEMPLATE_FILE_HINT = `ZIP, TAR.GZ or RAR, at least ${kilobytes(MIN_TEMPLATE_FILE_BYTES)} and at most ${megabytes(MAX_TEMPLATE_FILE_BYTES)}.`;

export const IMAGE_CONTENT_TYPES = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'image/gif': ['.gif'],
} as const;
export type ImageContentType = keyof typeof IMAGE_CONTENT_TYPES;
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

export const FILE_MESSAGES = {
  fileRequired: 'MVP file is required',
  invalidFileType:
    'Please upload a valid ZIP, TAR.GZ, or RAR file. Other file types are not allowed for security reasons.',
  fileTooLarge: 'File size too large. Maximum allowed size is 100MB',
  fileTooLargeEdit: 'File size must be less than 100MB.',
  fileTooSmall: 'File size too small. Minimum file size is 1KB',
  imagesRequired: 'At least one preview image is required',
  imageType: 'Only image files are allowed for preview images.',
  imageTooLarge: 'Each image must be less than 10MB.',
  tooManyImages: `At most ${MAX_PREVIEW_IMAGES} preview images are allowed.`,
  invalidName: 'File name contains invalid characters',
  nameTooLong: 'File name too long. Maximum length is 255 characters.',
  uploadMissing: 'The uploaded file was not found. Please upload it again.',
  uploadMismatch: 'The uploaded file does not match what was declared. Please upload it again.',
} as const;

/**
 * The server's own texts for files: the API names exactly what is wrong
 * with a declared file, where the form (which stops most of it earlier) says it in its own words.
 */
export const SERVER_FILE_MESSAGES = {
  invalidExtension: 'Invalid file extension',
  invalidFileType: (contentType: string) =>
    `Invalid file type (${contentType.trim() || 'none given'}). Only ZIP, TAR.GZ, and RAR files are allowed`,
  invalidImageType: 'Invalid image type',
  imageTooLarge: 'Image size too large (10MB)',
} as const;

/**
 * A declared bundle as the API checks it (uploads and registration): name, extension, declared
 * content type against the extension, size; the product's server texts.
 */
export const declaredBundleProblem = (file: {
  name: string;
  size: number;
  contentType: string;
}): string | null => {
  const nameProblem = fileNameProblem(file.name);
  if (nameProblem) return nameProblem;
  const kind = templateFileKindOf(file.name);
  if (kind === null) return SERVER_FILE_MESSAGES.invalidExtension;
  if (TEMPLATE_FILE_KINDS[kind].contentType !== file.contentType) {
    return SERVER_FILE_MESSAGES.invalidFileType(file.contentType);
  }
  if (file.size > MAX_TEMPLATE_FILE_BYTES) return FILE_MESSAGES.fileTooLarge;
  if (file.size < MIN_TEMPLATE_FILE_BYTES) return FILE_MESSAGES.fileTooSmall;
  return null;
};

/** A declared preview image as the API checks it; the product's server texts. */
export const declaredImageProblem = (file: {
  name: string;
  size: number;
  contentType: string;
}): string | null => {
  const nameProblem = fileNameProblem(file.name);
  if (nameProblem) return nameProblem;
  const claimed = imageTypeOf(file.name);
  if (claimed === null || claimed !== file.contentType || file.size === 0) {
    return SERVER_FILE_MESSAGES.invalidImageType;
  }
  if (file.size > MAX_IMAGE_BYTES) return SERVER_FILE_MESSAGES.imageTooLarge;
  return null;
};

// eslint-disable-next-line no-control-regex
const FORBIDDEN_NAME_CHARACTERS = /[<>:"/\\|?*\u0000-\u001f]/;

/**
 * The product's file-name rule: none of < > : " / \ | ? * (nor control characters), ≤ 255; nor
 * what typed text refuses (contract/text.ts): a direction override would show `cod.exe` as
 * `exe.doc`.
 */
export const fileNameProblem = (name: string): string | null => {
  if (name.length > MAX_FILE_NAME_LENGTH) return FILE_MESSAGES.nameTooLong;
  if (
    name.trim() === '' ||
    FORBIDDEN_NAME_CHARACTERS.test(name) ||
    textProblem(name, { multiline: false }) !== undefined
  )
    return FILE_MESSAGES.invalidName;
  return null;
};

/** The bundle kind a file name's extension claims, or null. */
export const templateFileKindOf = (name: string): TemplateFileKind | null => {
  const lower = name.toLowerCase();
  for (const [kind, rule] of Object.entries(TEMPLATE_FILE_KINDS)) {
    if (rule.extensions.some((extension) => lower.endsWith(extension)))
      return kind as TemplateFileKind;
  }
  return null;
};

/** The image type a file name's extension claims, or null. */
export const imageTypeOf = (name: string): ImageContentType | null => {
  const lower = name.toLowerCase();
  for (const [type, extensions] of Object.entries(IMAGE_CONTENT_TYPES)) {
    if (extensions.some((extension) => lower.endsWith(extension))) return type as ImageContentType;
  }
  return null;
};

/** What the content's first bytes say the bundle is (zip PK\x03\x04, gzip 1f 8b, rar `Rar!`). */
export const templateFileKindFromMagic = (bytes: Uint8Array): TemplateFileKind | null => {
  const starts = (...prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'zip';
  if (starts(0x1f, 0x8b)) return 'tar.gz';
  if (starts(0x52, 0x61, 0x72, 0x21)) return 'rar';
  return null;
};

/** Problems of a bundle by name and size (content is checked by the caller that can read it). */
export const templateFileProblem = (
  file: { name: string; size: number },
  tooLargeMessage: string = FILE_MESSAGES.fileTooLarge,
): string | null =>
  fileNameProblem(file.name) ??
  (templateFileKindOf(file.name) === null
    ? FILE_MESSAGES.invalidFileType
    : file.size > MAX_TEMPLATE_FILE_BYTES
      ? tooLargeMessage
      : file.size < MIN_TEMPLATE_FILE_BYTES
        ? FILE_MESSAGES.fileTooSmall
        : null);

/** Problems of one preview image by name, declared type and size. */
export const imageFileProblem = (file: { name: string; size: number; type: string }) =>
  fileNameProblem(file.name) ??
  (!(file.type in IMAGE_CONTENT_TYPES) || imageTypeOf(file.name) === null
    ? FILE_MESSAGES.imageType
    : file.size > MAX_IMAGE_BYTES
      ? FILE_MESSAGES.imageTooLarge
      : file.size === 0
        ? FILE_MESSAGES.imageType
        : null);

// Presigned uploads: `POST /api/uploads`

const declaredFileSchema = z.object({
  fileName: z.string(),
  size: z.number().int().nonnegative(),
  contentType: z.string().max(100),
});

export const uploadRequestSchema = z
  .object({
    bundle: declaredFileSchema.optional(),
    images: z.array(declaredFileSchema).max(MAX_PREVIEW_IMAGES, FILE_MESSAGES.tooManyImages),
  })
  .superRefine((request, ctx) => {
    if (!request.bundle && request.images.length === 0) {
      ctx.addIssue({ code: 'custom', message: FILE_MESSAGES.fileRequired, path: ['bundle'] });
    }
    if (request.bundle) {
      const { fileName, size, contentType } = request.bundle;
      const problem = declaredBundleProblem({ name: fileName, size, contentType });
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['bundle'] });
    }
    request.images.forEach((image, index) => {
      const problem = declaredImageProblem({
        name: image.fileName,
        size: image.size,
        contentType: image.contentType,
      });
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['images', index] });
    });
  });
export type UploadRequest = z.input<typeof uploadRequestSchema>;
export type UploadRequestInput = z.output<typeof uploadRequestSchema>;

export interface PresignedUpload {
  fileName: string;
  /** The one object key the URL may write (`uploads/{sellerId}/{uploadId}/…`). */
  key: string;
  url: string;
  /** Headers the PUT must carry exactly (they are signed). */
  headers: Record<string, string>;
  size: number;
  contentType: string;
}

export interface UploadGrant {
  uploadId: string;
  expiresInSeconds: number;
  bundle: PresignedUpload | null;
  images: PresignedUpload[];
}

/** A file the browser finished putting, restated at registration and checked against S3. */
export const uploadedFileSchema = z.object({
  key: z.string().min(1).max(1024),
  fileName: z
    .string()
    .min(1)
    .superRefine((name, context) => {
      const problem = fileNameProblem(name);
      if (problem) context.addIssue({ code: 'custom', message: problem, input: name });
    }),
  size: z.number().int().nonnegative(),
  contentType: z.string().min(1).max(100),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

// Avatars: `POST /api/uploads/avatar`, then `PUT /api/me/avatar`

/** One image, with the preview images' rules and the product's server texts. */
export const avatarUploadRequestSchema = declaredFileSchema.superRefine((file, ctx) => {
  const problem = declaredImageProblem({
    name: file.fileName,
    size: file.size,
    contentType: file.contentType,
  });
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
export type AvatarUploadRequest = z.input<typeof avatarUploadRequestSchema>;

export interface AvatarUploadGrant {
  uploadId: string;
  expiresInSeconds: number;
  image: PresignedUpload;
}

/** The uploaded avatar, restated: it is checked against S3 before it becomes the picture. */
export const setAvatarRequestSchema = z.object({
  uploadId: z.string().min(1).max(64),
  image: uploadedFileSchema,
});
export type SetAvatarRequest = z.infer<typeof setAvatarRequestSchema>;

/** The public path of an uploaded avatar (`/previews/avatars/{userId}/{id}.{ext}`). */
export const AVATAR_PATH_PATTERN =
  /^\/previews\/avatars\/[A-Za-z0-9_-]+\/[A-Za-z0-9]+\.(jpg|png|webp|gif)$/;
