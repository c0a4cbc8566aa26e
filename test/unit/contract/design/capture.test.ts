/**
 * The capture's definition (contract/design/capture.ts): the two sizes and the pictures' pixels,
 * within the gallery's image limit, the keys beside the record, the caption, the PNG header, and
 * the build record's schema keeping pictures only where they belong.
 */
import { describe, expect, it } from 'vitest';
import { buildRecordFileSchema } from '../../../../lambdas/builds/schema';
import { recordWithoutBuild } from '../../../../contract/design/build';
import {
  CAPTURE_LIMITS,
  CAPTURE_REASONS,
  CAPTURE_SIZES,
  CAPTURE_VIEWPORTS,
  captureCaption,
  capturePixels,
  capturedGalleryFileName,
  pngSizeOf,
  screenshotKeyOf,
} from '../../../../contract/design/capture';
import { buildRecordKey } from '../../../../contract/design/live-previews';
import { MAX_IMAGE_BYTES } from '../../../../contract/uploads';

describe('the capture definition', () => {
  it('takes a desktop and a phone picture of the first screen', () => {
    expect(CAPTURE_VIEWPORTS).toEqual(['desktop', 'phone']);
    expect(CAPTURE_SIZES.desktop).toMatchObject({ width: 1280, height: 800 });
    expect(CAPTURE_SIZES.phone).toMatchObject({ width: 390, height: 844 });
    expect(capturePixels('desktop')).toEqual({ width: 1280, height: 800 });
    expect(capturePixels('phone')).toEqual({ width: 780, height: 1688 });
  });

  it('keeps a picture only within the gallery’s own image limit, each capture bounded', () => {
    expect(CAPTURE_LIMITS.maxBytes).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
    expect(CAPTURE_LIMITS.settleMs).toBeLessThan(CAPTURE_LIMITS.captureTimeoutSeconds * 1000);
    // Both pictures fit well within the build job's own limit.
    expect(CAPTURE_LIMITS.captureTimeoutSeconds * 2).toBeLessThan(5 * 60);
  });

  it('puts the pictures beside the record, each under its own name', () => {
    const record = buildRecordKey('01TEMPLATE', '01VERSION');
    expect(screenshotKeyOf(record, 'desktop')).toBe(
      'records/01TEMPLATE/01VERSION/screenshot-desktop.png',
    );
    expect(screenshotKeyOf(record, 'phone')).toBe(
      'records/01TEMPLATE/01VERSION/screenshot-phone.png',
    );
    expect(capturedGalleryFileName('01VERSION', 'phone')).toBe('captured-01VERSION-phone.png');
  });

  it('captions a picture with its version number, and says in words why there is none', () => {
    expect(captureCaption('1.4.0')).toBe('Captured from v1.4.0');
    expect(captureCaption('v2.0.0')).toBe('Captured from v2.0.0');
    expect(CAPTURE_REASONS.timedOut('phone')).toBe(
      'The phone picture was not taken: the page did not finish loading within 30 seconds.',
    );
    expect(CAPTURE_REASONS.noBrowser).toMatch(/^No pictures were taken: /);
  });

  it('reads a PNG’s width and height from its header, and nothing else', () => {
    const header = Buffer.alloc(24);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header);
    header.writeUInt32BE(13, 8);
    header.write('IHDR', 12, 'ascii');
    header.writeUInt32BE(780, 16);
    header.writeUInt32BE(1688, 20);
    expect(pngSizeOf(header)).toEqual({ width: 780, height: 1688 });
    expect(pngSizeOf(Buffer.from('GIF89a not a png at all....'))).toBeNull();
    expect(pngSizeOf(header.subarray(0, 20))).toBeNull();
  });
});

describe('the build record’s pictures', () => {
  const record = buildRecordKey('01TEMPLATE', '01VERSION');
  const built = {
    ...recordWithoutBuild(null, 'not_built', ''),
    outcome: 'built' as const,
    reason: undefined,
    static_site: true,
  };
  const shot = (viewport: 'desktop' | 'phone', key = screenshotKeyOf(record, viewport)) => ({
    viewport,
    key,
    ...capturePixels(viewport),
    bytes: 120_000,
    ms: 1_200,
  });

  it('keeps both pictures and the reason for a missing one', () => {
    const parsed = buildRecordFileSchema.parse({
      ...built,
      screenshots: [shot('desktop')],
      screenshot_reason: CAPTURE_REASONS.timedOut('phone'),
    });
    expect(parsed.screenshots).toEqual([shot('desktop')]);
    expect(parsed.screenshot_reason).toBe(CAPTURE_REASONS.timedOut('phone'));
    // A record of before pictures existed reads as one without.
    expect(buildRecordFileSchema.parse(built).screenshots).toBeUndefined();
  });

  it('refuses a picture of another name, two of one viewport, an unknown viewport or an oversized one', () => {
    const refused = [
      [shot('desktop', 'records/01TEMPLATE/01VERSION/build.json')],
      [shot('desktop'), shot('desktop')],
      [{ ...shot('desktop'), viewport: 'tablet' }],
      [{ ...shot('phone'), bytes: CAPTURE_LIMITS.maxBytes + 1 }],
      [shot('desktop'), shot('phone'), shot('phone')],
    ];
    for (const screenshots of refused) {
      expect(buildRecordFileSchema.safeParse({ ...built, screenshots }).success).toBe(false);
    }
  });
});
