/**
 * Runs before every e2e test file: the file's Chromium (test/fixtures/e2e/browser.ts) is closed
 * after the file's own hooks, so no browser outlives the file that opened it.
 */
import { afterAll } from 'vitest';
import { closeSharedBrowser } from '../../fixtures/e2e/browser';

afterAll(closeSharedBrowser);
