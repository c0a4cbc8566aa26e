/**
 * Pictures of a built static site's first screen on this machine (contract/design/capture.ts),
 * as the buildspec takes them in the cloud: the output folder served on 127.0.0.1, the machine's
 * Chromium driven by playwright-core, JavaScript on, every request that is not to that server
 * aborted, the page's load awaited and a short settle, then a PNG of the viewport, desktop and
 * phone. Never throws: no browser, or a capture past its limit, is a reason in words.
 */
import { existsSync } from 'node:fs';
import {
  CAPTURE_LIMITS,
  CAPTURE_REASONS,
  CAPTURE_SIZES,
  CAPTURE_VIEWPORTS,
  pngSizeOf,
  screenshotKeyOf,
  type BuildScreenshot,
  type CaptureViewport,
} from '../../../contract/design/capture';
import { serveFolder } from './static-server';

/** The limits as numbers (a test may shorten them). */
export type CaptureLimits = { -readonly [K in keyof typeof CAPTURE_LIMITS]: number };

/**
 * The machine's Chromium, as the e2e suite finds it (test/fixtures/chromium.ts): `CHROMIUM_PATH`,
 * else Debian's headless shell, else the full browser; null when there is none.
 */
export const findChromium = (): { path: string; headlessFlags: string[] } | null => {
  const candidates = [
    ...(process.env.CHROMIUM_PATH
      ? [{ path: process.env.CHROMIUM_PATH, flags: ['--headless'] }]
      : []),
    {
      path: process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell',
      flags: [],
    },
    { path: '/usr/bin/chromium', flags: ['--headless'] },
  ];
  const found = candidates.find((candidate) => existsSync(candidate.path));
  return found ? { path: found.path, headlessFlags: found.flags } : null;
};

/** What the browser must not do on an offline machine (it would stall reaching Google). */
const OFFLINE_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-extensions',
];

export interface CapturedPicture extends BuildScreenshot {
  body: Buffer;
}

export interface CaptureResult {
  pictures: CapturedPicture[];
  /** Why fewer than both pictures were taken (absent: both were). */
  reason?: string;
}

export interface CaptureOptions {
  /** The build record's key: the pictures' keys are beside it. */
  recordKey: string;
  /** The browser to launch; null: none on this machine; absent: {@link findChromium}. */
  browser?: { path: string; headlessFlags: string[] } | null;
  limits?: Partial<CaptureLimits>;
}

const withTimeout = async <T>(work: Promise<T>, ms: number): Promise<T | 'timeout'> => {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<'timeout'>((done) => {
        timer = setTimeout(() => done('timeout'), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
};

/** Both pictures of the static site in `outputFolder`. */
export const captureSite = async (
  outputFolder: string,
  options: CaptureOptions,
): Promise<CaptureResult> => {
  const limits: CaptureLimits = { ...CAPTURE_LIMITS, ...options.limits };
  const browserFound = options.browser === undefined ? findChromium() : options.browser;
  if (!browserFound) return { pictures: [], reason: CAPTURE_REASONS.noBrowser };
  const { chromium } = await import('playwright-core');
  const server = await serveFolder(outputFolder);
  let browser: Awaited<ReturnType<typeof chromium.launch>> | null = null;
  try {
    try {
      browser = await chromium.launch({
        executablePath: browserFound.path,
        headless: true,
        args: [...browserFound.headlessFlags, ...OFFLINE_FLAGS],
        timeout: limits.launchTimeoutSeconds * 1000,
      });
    } catch {
      return { pictures: [], reason: CAPTURE_REASONS.launchFailed };
    }
    const pictures: CapturedPicture[] = [];
    const reasons: string[] = [];
    for (const viewport of CAPTURE_VIEWPORTS) {
      const taken = await captureOne(browser, server.origin, viewport, options.recordKey, limits);
      if ('reason' in taken) reasons.push(taken.reason);
      else pictures.push(taken);
    }
    return { pictures, ...(reasons.length ? { reason: reasons.join(' ') } : {}) };
  } finally {
    await browser?.close().catch(() => undefined);
    await server.close();
  }
};

/** One viewport's picture, within the capture's time limit. */
const captureOne = async (
  browser: import('playwright-core').Browser,
  origin: string,
  viewport: CaptureViewport,
  recordKey: string,
  limits: CaptureLimits,
): Promise<CapturedPicture | { reason: string }> => {
  const size = CAPTURE_SIZES[viewport];
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    deviceScaleFactor: size.deviceScaleFactor,
    // Not Chromium's mobile emulation: it gives the picture a pixel less than the viewport's
    // height (a rounding of its visual viewport). A phone-wide viewport lays the page out as a
    // phone does, for a page with the usual `width=device-width` meta viewport.
    hasTouch: size.mobile,
    javaScriptEnabled: true,
    serviceWorkers: 'block',
  });
  const started = Date.now();
  const deadline = started + limits.captureTimeoutSeconds * 1000;
  try {
    // Only the throwaway server answers: nothing of the page reaches another address.
    await context.route(
      (url) => url.origin !== origin,
      (route) => route.abort('blockedbyclient'),
    );
    const page = await context.newPage();
    const taken = await withTimeout(
      (async () => {
        await page.goto(`${origin}/`, { waitUntil: 'load', timeout: deadline - Date.now() });
        const settle = Math.min(limits.settleMs, Math.max(0, deadline - Date.now() - 1_000));
        if (settle > 0) await page.waitForTimeout(settle);
        return page.screenshot({ type: 'png', fullPage: false, animations: 'disabled' });
      })(),
      Math.max(0, deadline - Date.now()),
    );
    if (taken === 'timeout') return { reason: CAPTURE_REASONS.timedOut(viewport) };
    if (taken.byteLength > limits.maxBytes) return { reason: CAPTURE_REASONS.tooLarge(viewport) };
    const pixels = pngSizeOf(taken);
    if (!pixels) return { reason: CAPTURE_REASONS.failed(viewport) };
    return {
      viewport,
      key: screenshotKeyOf(recordKey, viewport),
      width: pixels.width,
      height: pixels.height,
      bytes: taken.byteLength,
      ms: Date.now() - started,
      body: taken,
    };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return {
      reason: timedOut ? CAPTURE_REASONS.timedOut(viewport) : CAPTURE_REASONS.failed(viewport),
    };
  } finally {
    await context.close().catch(() => undefined);
  }
};
