/**
 * The words of the builds' pictures (contract/design/capture.ts) and of Add to gallery, on their
 * own: the functions that do not show pictures (the templates function near its bundle budget)
 * do not carry them. The shapes are in builds.ts.
 */
import { CAPTURE_LIMITS } from './design/capture';
import { previewRetention } from './design/live-previews';
import { FILE_MESSAGES } from './uploads';

/** The pictures' and Add to gallery's words. */
export const PICTURE_MESSAGES = {
  notFound: `This picture is not available: it was not taken, or it was removed ${previewRetention.recordsExpireAfterDays} days after the build. Rebuild to take it again.`,
  badViewport: 'There is no such picture: choose desktop or phone.',
  notOwner: 'Only the seller of this template can add pictures to its gallery.',
  added: (label: string) => `The ${label.toLowerCase()} picture was added to the gallery.`,
  held: (label: string) =>
    `The ${label.toLowerCase()} picture was added to your gallery edit: buyers see it once an admin approves the edit.`,
  alreadyAdded: 'This picture is already in the gallery.',
  /** The gallery's own limit, in the upload form's words. */
  galleryFull: FILE_MESSAGES.tooManyImages,
  changedMeanwhile: 'The gallery changed meanwhile. Please try again.',
  /** What the Build section says of the pictures. */
  captureLimit: `Pictures are taken after each successful build of a static site, within ${CAPTURE_LIMITS.captureTimeoutSeconds} seconds each.`,
} as const;
