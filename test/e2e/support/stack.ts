/** What the e2e global setup started, as seen from a test file. */
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { waitForConfirmationCode } from '../../../lib/local/confirmation-codes';

export const baseUrl = (): string => inject('e2eBaseUrl');

/** The code cognito-local "mailed" to `email`; its data file stands in for the mailbox. */
export const readConfirmationCode = (email: string): Promise<string> =>
  waitForConfirmationCode(inject('e2eCognitoDataDir'), inject('e2eUserPoolId'), email);

/** A unique address per run, so sign-up tests never collide with earlier users. */
export const uniqueEmail = (prefix: string): string =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.local`;

const screenshotDir = path.resolve(import.meta.dirname, '../../../.local/screenshots');

/**
 * A full-page screenshot under `.local/screenshots/` (git-ignored), so every screen the suite
 * visits can be looked at after a run.
 */
export const screenshot = async (page: Page, name: string): Promise<void> => {
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
};
