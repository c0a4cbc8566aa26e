/**
 * Pictures from the running preview, locally (lib/local/build/capture.ts): a small static site
 * built by the local runner (a build script that writes `dist/`, no dependency, so no registry is
 * reached) is captured at desktop and phone sizes by the machine's Chromium; the PNGs' own headers
 * give their sizes. Without a browser the build is still built and says why there are no pictures.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildEnvironmentOf,
  buildSettingsFromEnvironment,
  planBuild,
} from '../../../contract/design/build';
import {
  CAPTURE_REASONS,
  capturePixels,
  pngSizeOf,
  screenshotKeyOf,
} from '../../../contract/design/capture';
import { buildRecordKey, previewSitePrefix } from '../../../contract/design/live-previews';
import { filesOfArchive } from '../../../lambdas/deployments/bundle-files';
import { buildRecordFileSchema } from '../../../lambdas/builds/schema';
import { captureSite, findChromium } from '../../../lib/local/build/capture';
import { runLocalBuild } from '../../../lib/local/build/execute';
import { serveFolder } from '../../../lib/local/build/static-server';
import { scriptTemplate } from '../../fixtures/build-templates';
import { zipOf } from '../../fixtures/archives/writers';

/** A first page with its stylesheet at an absolute path (Vite's default base) and a script. */
const SITE_BUILD = [
  'node -e "',
  "const fs=require('fs');fs.mkdirSync('dist/assets',{recursive:true});",
  "fs.writeFileSync('dist/index.html','<!doctype html><html><head><link rel=stylesheet href=/assets/site.css></head><body><h1 id=t>Hello</h1><img src=https://example.com/x.png><script src=/assets/app.js></script></body></html>');",
  "fs.writeFileSync('dist/assets/site.css','body{background:#0a7;margin:0}h1{color:#fff;font:48px sans-serif}');",
  "fs.writeFileSync('dist/assets/app.js','document.getElementById(\\'t\\').textContent=\\'Built and running\\'');",
  '"',
].join('');

const files = scriptTemplate(SITE_BUILD);
const bundle = zipOf(Object.fromEntries(Object.entries(files).map(([p, t]) => [`app/${p}`, t])));
const recordKey = buildRecordKey('01TEMPLATE', '01VERSION');
const settings = buildSettingsFromEnvironment(
  Object.fromEntries(
    buildEnvironmentOf(
      {
        ...planBuild({
          paths: Object.keys(files),
          packageJson: JSON.parse(files['package.json']) as { scripts: Record<string, string> },
        }),
        output_dir: 'dist',
      },
      { bucket: 'files', key: 'mvps/01TEMPLATE/01VERSION/bundle.zip' },
      {
        bucket: 'previews',
        recordKey,
        sitePrefix: previewSitePrefix('01TEMPLATE', '01VERSION'),
      },
    ).map(({ Name, Value }) => [Name, Value]),
  ),
);

const build = (capture?: Parameters<typeof runLocalBuild>[1]['capture']) =>
  runLocalBuild(settings, {
    // Nothing to install: the empty lock reaches no registry.
    registryUrl: 'http://127.0.0.1:9/',
    readBundle: () => filesOfArchive(bundle, 'bundle.zip'),
    ...(capture === undefined ? {} : { capture }),
  });

const browser = findChromium();

describe('pictures of a local static build', () => {
  it.skipIf(!browser)(
    'takes the desktop and the phone picture of the first screen, at their sizes',
    async () => {
      const result = await build();
      try {
        const { record } = result;
        expect(record.outcome, record.log_tail.join('\n')).toBe('built');
        expect(record.static_site).toBe(true);
        expect(record.screenshot_reason).toBeUndefined();
        expect(record.screenshots?.map((shot) => shot.viewport)).toEqual(['desktop', 'phone']);
        for (const picture of result.pictures) {
          expect(picture.key).toBe(screenshotKeyOf(recordKey, picture.viewport));
          expect(pngSizeOf(picture.body)).toEqual(capturePixels(picture.viewport));
          expect(picture.bytes).toBe(picture.body.byteLength);
        }
        expect(capturePixels('desktop')).toEqual({ width: 1280, height: 800 });
        expect(capturePixels('phone')).toEqual({ width: 780, height: 1688 });
        // The record as the pipeline reads it back keeps the pictures.
        const parsed = buildRecordFileSchema.parse(JSON.parse(JSON.stringify(record)));
        expect(parsed.screenshots).toHaveLength(2);
      } finally {
        await result.cleanUp();
      }
    },
    90_000,
  );

  it('without a browser the build is built and says why there are no pictures', async () => {
    const result = await build({ browser: null });
    try {
      expect(result.record.outcome).toBe('built');
      expect(result.record.screenshots).toEqual([]);
      expect(result.record.screenshot_reason).toBe(CAPTURE_REASONS.noBrowser);
      expect(result.pictures).toEqual([]);
    } finally {
      await result.cleanUp();
    }
  }, 60_000);

  it('a browser that cannot start leaves the build built, with the reason', async () => {
    const result = await build({
      browser: { path: '/bin/false', headlessFlags: [] },
      limits: { launchTimeoutSeconds: 5 },
    });
    try {
      expect(result.record.outcome).toBe('built');
      expect(result.record.screenshot_reason).toBe(CAPTURE_REASONS.launchFailed);
    } finally {
      await result.cleanUp();
    }
  }, 60_000);
});

describe('the capture alone', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'capture-'));
    await mkdir(path.join(folder, 'assets'));
    await writeFile(path.join(folder, 'secret.txt'), 'outside');
    await mkdir(path.join(folder, 'site'));
    await writeFile(
      path.join(folder, 'site', 'index.html'),
      // A page whose script never ends stands for a hung page: its load never comes.
      '<!doctype html><body><script>for(;;){}</script></body>',
    );
  });
  afterAll(async () => {
    if (folder && existsSync(folder)) await rm(folder, { recursive: true, force: true });
  });

  it('serves the folder at / and nothing outside it', async () => {
    const server = await serveFolder(path.join(folder, 'site'));
    try {
      expect((await fetch(`${server.origin}/`)).status).toBe(200);
      expect((await fetch(`${server.origin}/..%2fsecret.txt`)).status).toBe(404);
      expect((await fetch(`${server.origin}/%2e%2e/secret.txt`)).status).toBe(404);
      expect((await fetch(`${server.origin}/missing.js`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it.skipIf(!browser)(
    'a page that never settles is stopped at the capture limit, in words',
    async () => {
      const result = await captureSite(path.join(folder, 'site'), {
        recordKey,
        limits: { captureTimeoutSeconds: 3 },
      });
      expect(result.pictures).toEqual([]);
      expect(result.reason).toContain(CAPTURE_REASONS.timedOut('desktop').split(':')[0]!);
    },
    60_000,
  );
});
