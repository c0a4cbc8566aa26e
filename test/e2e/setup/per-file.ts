/**
 * Runs before every e2e test file: the contexts a file opened in the run's Chromium
 * (test/fixtures/e2e/browser.ts) are closed after the file's own hooks, so no page outlives the
 * file that opened it.
 */
import { afterAll } from 'vitest';
import { closeFileContexts } from '../../fixtures/e2e/browser';

afterAll(closeFileContexts);
