/**
 * The error of a bundle that cannot become a repository, apart from the reader (bundle-files.ts)
 * so that the steps can recognise it without loading the archive readers at start.
 */

/** A bundle that cannot become a repository; its message is shown to the buyer. */
export class BundleReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BundleReadError';
  }
}
