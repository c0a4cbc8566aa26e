/**
 * The build record as a build writes it (contract/design/build.ts, `BuildRecordFile`), checked
 * before it is stored: the record comes from the job that ran the seller's code, so nothing of it
 * is taken on trust (lengths bounded, unknown fields dropped).
 */
import * as z from 'zod';
import {
  BUILD_LIMITS,
  BUILD_OUTCOMES,
  BUILD_PACKAGE_MANAGERS,
  type BuildRecordFile,
} from '../../contract/design/build';
import {
  CAPTURE_LIMITS,
  CAPTURE_VIEWPORTS,
  screenshotFileName,
  type CaptureViewport,
} from '../../contract/design/capture';

const text = (max: number) => z.string().max(max);
const nullableText = (max: number) => text(max).nullable().default(null);
const duration = z.number().int().min(0).max(86_400_000).nullable().default(null);
const count = z.number().int().min(0).nullable().default(null);
const pixels = z.number().int().min(1).max(10_000);

/**
 * A picture the build says it took: one per viewport, its key beside the record (the file name
 * the capture gives it; the folder is checked against the record's own key when it is read).
 */
const screenshotSchema = z
  .object({
    viewport: z.enum(CAPTURE_VIEWPORTS),
    key: text(300),
    width: pixels,
    height: pixels,
    bytes: z.number().int().min(1).max(CAPTURE_LIMITS.maxBytes),
    ms: z.number().int().min(0).max(600_000),
  })
  .refine((shot) => shot.key.endsWith(`/${screenshotFileName(shot.viewport as CaptureViewport)}`), {
    message: 'A picture is kept beside its record under its own name.',
  });

export const buildRecordFileSchema = z.object({
  outcome: z.enum(BUILD_OUTCOMES),
  reason: text(1_000).optional(),
  failed_step: z.enum(['install', 'build', 'output']).optional(),
  framework: nullableText(100),
  package_manager: z.enum(BUILD_PACKAGE_MANAGERS).nullable().default(null),
  package_manager_version: nullableText(50),
  runtime: z.enum(['node', 'python']).nullable().default(null),
  runtime_version: nullableText(50),
  install_command: nullableText(500),
  build_command: nullableText(500),
  install_ms: duration,
  build_ms: duration,
  output_dir: nullableText(300),
  output_bytes: count,
  output_files: count,
  static_site: z.boolean().default(false),
  log_tail: z
    .array(z.string())
    .default([])
    .transform((lines) =>
      lines
        .slice(-BUILD_LIMITS.logLines)
        .map((line) =>
          line.length > BUILD_LIMITS.logLineChars
            ? `${line.slice(0, BUILD_LIMITS.logLineChars)}…`
            : line,
        ),
    ),
  environment: z.enum(['codebuild', 'local']).nullable().default(null),
  sandbox: z.enum(['codebuild', 'bwrap', 'unshare', 'process']).nullable().default(null),
  started_at: z.iso.datetime().nullable().default(null),
  finished_at: z.iso.datetime().nullable().default(null),
  screenshots: z
    .array(screenshotSchema)
    .max(CAPTURE_VIEWPORTS.length)
    .refine((shots) => new Set(shots.map((shot) => shot.viewport)).size === shots.length, {
      message: 'One picture per viewport.',
    })
    .optional(),
  screenshot_reason: text(1_000).optional(),
}) satisfies z.ZodType<BuildRecordFile, unknown>;
