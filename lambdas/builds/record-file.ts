/**
 * The record a build wrote to the live previews' bucket, read and checked by the pipeline's
 * RecordBuild step (tasks/record-build.ts). Apart from the service, so the domains that only show
 * builds do not bundle the record's schema.
 */
import type { BuildRecordFile } from '../../contract/design/build';
import { screenshotKeyOf } from '../../contract/design/capture';
import { logger } from '../shared/observability';
import { readBuildRecordFile } from './repo';
import { buildRecordFileSchema } from './schema';

/**
 * The record a build wrote at `key`, checked; null when it wrote none, when the record is not a
 * valid one (logged), or when it is older than `notBefore` (a record of an earlier build of the
 * same version, left behind by a build that then wrote none).
 */
export const readWrittenRecord = async (
  key: string,
  notBefore?: string,
): Promise<BuildRecordFile | null> => {
  const text = await readBuildRecordFile(key);
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    logger.warn('Build record is not JSON', { key });
    return null;
  }
  const result = buildRecordFileSchema.safeParse(parsed);
  if (!result.success) {
    logger.warn('Build record is not valid', { key, issues: result.error.issues.length });
    return null;
  }
  const record = result.data;
  if (notBefore && record.finished_at && record.finished_at < notBefore) return null;
  // A picture is this version's only when it sits beside this record: any other key is dropped.
  if (record.screenshots) {
    record.screenshots = record.screenshots.filter(
      (shot) => shot.key === screenshotKeyOf(key, shot.viewport),
    );
  }
  return record;
};
