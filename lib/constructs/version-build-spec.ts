/**
 * The CodeBuild buildspec of a version build, made from the shared build definition
 * (contract/design/build.ts): the Build state passes the plan as the variables of `BUILD_ENV`, and
 * the buildspec
 *
 * 1. checks that the bundle key, the record key and the site prefix name the same template and
 *    version (`mvps/{t}/{v}/bundle.*`, `records/{t}/{v}/build.json`, `sites/{t}/{v}/`), in this
 *    project's buckets: the role could read any bundle, this keeps a run to the one it was given;
 * 2. downloads and extracts the bundle as root, before any of the seller's code runs;
 * 3. runs the install and the build command as an unprivileged user with a clean environment (no
 *    AWS credentials address, no CodeBuild variables), each under its own time limit, so the
 *    seller's scripts cannot reach the role's credentials;
 * 4. for a static site within the size limit, copies the output folder under the site prefix, then
 *    takes the pictures of its first screen (contract/design/capture.ts): the output folder served
 *    by the runner on 127.0.0.1, the browser run as the build user without credentials, each
 *    viewport under its time limit, every address but 127.0.0.1 unreachable; the PNGs go beside
 *    the record. A capture never fails the build: the record says why there are no pictures;
 * 5. writes the build record to its key in the preview bucket (contract/design/live-previews.ts).
 *
 * The orchestration is a small Node script (`run-build.cjs`, below), embedded base64-encoded so the
 * project needs no source and its role no other read.
 */
import { BUILD_ENV, BUILD_LIMITS, BUILD_REASONS } from '../../contract/design/build';
import {
  CAPTURE_LIMITS,
  CAPTURE_REASONS,
  CAPTURE_SIZES,
  CAPTURE_VIEWPORTS,
  screenshotFileName,
} from '../../contract/design/capture';
import { previewLayout } from '../../contract/design/live-previews';
import { storageDesign } from '../../contract/design/storage-design';

/**
 * The project's own variables (not per build): the only buckets a build's variables may name.
 * A run whose variables name others is refused before anything is read.
 */
export const FILES_BUCKET_VARIABLE = 'PROJECT_FILES_BUCKET';
export const PREVIEW_BUCKET_VARIABLE = 'PROJECT_PREVIEW_BUCKET';

/**
 * The Node and Python versions the CodeBuild image (amazonlinux-aarch64-standard:3.0) runs builds
 * on: Node 24 as the local runner's (the project's own Node), so a version builds alike in both.
 */
export const BUILD_RUNTIMES = { nodejs: '24', python: '3.12' } as const;

/** The unprivileged user the seller's install and build run as. */
const BUILD_USER = 'builder';

/**
 * The browser of the capture. The aarch64 standard image has no Chrome (Google builds none for
 * Linux on ARM) and Amazon Linux 2023 packages no Chromium: when the image has neither
 * `google-chrome` nor `chromium`, the install phase fetches Playwright's Chromium headless shell
 * for linux-arm64 (the same release as the project's playwright-core) and the libraries it links,
 * before any of the seller's files exist. Where none can be had, the build goes on without
 * pictures and its record says so.
 */
export const CAPTURE_BROWSER_VARIABLE = 'CAPTURE_BROWSER';
const CAPTURE_BROWSER_FOLDER = '/opt/capture-browser';
const CAPTURE_PLAYWRIGHT = 'playwright-core@1.65.1';
const CAPTURE_LIBRARIES =
  'nss atk at-spi2-atk cups-libs libdrm libxkbcommon libXcomposite libXdamage libXrandr mesa-libgbm pango alsa-lib';

/**
 * The browser's command line for one viewport (Chromium's own `--screenshot`): no sandbox (the
 * build user in the build's container), a proxy nobody answers for every address but 127.0.0.1
 * and no name resolved, so the page reaches nothing but the runner's server; the settle as
 * virtual time after the load.
 */
export const captureArguments = (
  viewport: (typeof CAPTURE_VIEWPORTS)[number],
  file: string,
  profile: string,
  url: string,
): string[] => {
  const size = CAPTURE_SIZES[viewport];
  return [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--hide-scrollbars',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-extensions',
    '--proxy-server=http://127.0.0.1:9',
    '--proxy-bypass-list=127.0.0.1',
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    `--user-data-dir=${profile}`,
    `--window-size=${size.width},${size.height}`,
    `--force-device-scale-factor=${size.deviceScaleFactor}`,
    `--virtual-time-budget=${CAPTURE_LIMITS.settleMs}`,
    `--screenshot=${file}`,
    url,
  ];
};

const capture = {
  viewports: CAPTURE_VIEWPORTS,
  files: Object.fromEntries(CAPTURE_VIEWPORTS.map((v) => [v, screenshotFileName(v)])),
  pixels: Object.fromEntries(
    CAPTURE_VIEWPORTS.map((v) => [
      v,
      {
        width: CAPTURE_SIZES[v].width * CAPTURE_SIZES[v].deviceScaleFactor,
        height: CAPTURE_SIZES[v].height * CAPTURE_SIZES[v].deviceScaleFactor,
      },
    ]),
  ),
  limits: CAPTURE_LIMITS,
  reasons: {
    noBrowser: CAPTURE_REASONS.noBrowser,
    ...Object.fromEntries(
      CAPTURE_VIEWPORTS.flatMap((v) => [
        [`timedOut_${v}`, CAPTURE_REASONS.timedOut(v)],
        [`failed_${v}`, CAPTURE_REASONS.failed(v)],
        [`tooLarge_${v}`, CAPTURE_REASONS.tooLarge(v)],
      ]),
    ),
  },
  args: Object.fromEntries(
    CAPTURE_VIEWPORTS.map((v) => [v, captureArguments(v, '%file', '%profile', '%url')]),
  ),
};

const reasons = {
  unreadableBundle: BUILD_REASONS.unreadableBundle,
  installFailed: BUILD_REASONS.installFailed(0).replace(' (exit code 0)', ' (exit code %s)'),
  buildFailed: BUILD_REASONS.buildFailed(0).replace(' (exit code 0)', ' (exit code %s)'),
  timedOutInstall: BUILD_REASONS.timedOut('install', BUILD_LIMITS.installTimeoutSeconds),
  timedOutBuild: BUILD_REASONS.timedOut('build', BUILD_LIMITS.buildTimeoutSeconds),
  outputTooLarge: BUILD_REASONS.outputTooLarge(BUILD_LIMITS.maxOutputBytes),
  noOutput: BUILD_REASONS.noOutput('%s'),
};

/**
 * The runner. Plain CommonJS for the image's Node, no dependency: it shells out to the AWS CLI
 * the image has, and to unzip, tar and bsdtar for the bundle.
 */
const runner = `'use strict';
const cp = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const V = ${JSON.stringify(BUILD_ENV)};
const L = ${JSON.stringify(BUILD_LIMITS)};
const R = ${JSON.stringify(reasons)};
const USER = ${JSON.stringify(BUILD_USER)};
const C = ${JSON.stringify(capture)};
const env = (name) => process.env[V[name]] || null;
const fmt = (text, value) => text.replace('%s', String(value));
const T = '[A-Za-z0-9_-]{1,100}';
const key = env('bundleKey') || '';
const bundle = new RegExp('^${storageDesign.bundlesPrefix}(' + T + ')/(' + T + ')/bundle\\.[a-z0-9.]{1,10}$').exec(key);
const own = bundle && env('sitePrefix') === '${previewLayout.sitesPrefix}' + bundle[1] + '/' + bundle[2] + '/'
  && env('recordKey') === '${previewLayout.recordsPrefix}' + bundle[1] + '/' + bundle[2] + '/${previewLayout.recordFileName}';
if (!own || env('bundleBucket') !== process.env.${FILES_BUCKET_VARIABLE} || env('outputBucket') !== process.env.${PREVIEW_BUCKET_VARIABLE}) {
  console.error('Refused: the bundle, the record and the site must be the same template version, in the buckets of this project.');
  process.exit(2);
}
const filesBucket = env('bundleBucket');
const outputBucket = env('outputBucket');
// The build's own folder (a test runs the runner in a temporary one).
const root = process.env.BUILD_RUNNER_ROOT || '/build';
const work = root + '/work';
const log = [];
const note = (line) => { console.log(line); log.push(line); };
const aws = (...args) => cp.execFileSync('aws', args, { stdio: ['ignore', 'inherit', 'inherit'] });
const version = (cmd, args) => {
  try { return cp.execFileSync(cmd, args, { encoding: 'utf8', timeout: 30000 }).trim().replace(/^v/, ''); }
  catch { return null; }
};
const record = {
  outcome: 'failed', framework: env('framework'), package_manager: env('packageManager'),
  package_manager_version: null, runtime: env('packageManager') === 'uv' ? 'python' : 'node',
  runtime_version: null, install_command: env('installCommand'), build_command: env('buildCommand'),
  install_ms: null, build_ms: null, output_dir: env('outputDir'), output_bytes: null,
  output_files: null, static_site: false, log_tail: [], environment: 'codebuild',
  sandbox: 'codebuild', started_at: new Date().toISOString(), finished_at: null,
};
const finish = (fields) => {
  Object.assign(record, fields, { finished_at: new Date().toISOString() });
  record.log_tail = log.join('\\n').split('\\n').slice(-L.logLines)
    .map((line) => (line.length > L.logLineChars ? line.slice(0, L.logLineChars) + '\\u2026' : line));
  fs.writeFileSync(root + '/record.json', JSON.stringify(record));
  aws('s3', 'cp', root + '/record.json', 's3://' + outputBucket + '/' + env('recordKey'),
    '--content-type', 'application/json', '--only-show-errors');
  process.exit(0);
};
// Runs one step as the build user, with a clean environment (and \`extra\` variables) and a time
// limit; resolves the exit code (null when it was stopped).
const step = (command, cwd, seconds, extra = []) => new Promise((resolve) => {
  const child = cp.spawn('runuser', ['-u', USER, '--', 'env', '-i',
    'HOME=/home/' + USER, 'PATH=' + process.env.BUILD_USER_PATH, 'CI=true', 'LANG=C.UTF-8',
    ...extra, 'NEXT_TELEMETRY_DISABLED=1', 'ASTRO_TELEMETRY_DISABLED=1',
    'INLINE_RUNTIME_CHUNK=false', 'npm_config_update_notifier=false', 'npm_config_audit=false',
    'npm_config_fund=false',
    'bash', '-c', command], { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let timedOut = false;
  const timer = setTimeout(() => { timedOut = true; try { process.kill(-child.pid, 'SIGKILL'); } catch {} }, seconds * 1000);
  let rest = '';
  const take = (chunk) => {
    const text = rest + chunk.toString('utf8');
    const lines = text.split('\\n');
    rest = lines.pop();
    for (const line of lines) note(line);
    if (log.length > 5 * L.logLines) log.splice(0, log.length - L.logLines);
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  child.on('close', (code) => { clearTimeout(timer); if (rest) note(rest); resolve(timedOut ? null : code); });
});
const sizeOf = (dir) => {
  let bytes = 0, files = 0;
  const walk = (d) => { for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) walk(p); else if (e.isFile()) { bytes += fs.statSync(p).size; files += 1; }
  } };
  walk(dir);
  return { bytes, files };
};
// The output folder at / on 127.0.0.1, for the capture (a Vite build's /assets/… load as on its
// own domain); GET only, nothing outside the folder.
const serve = (dir) => new Promise((resolve) => {
  const types = { html: 'text/html; charset=utf-8', js: 'text/javascript', mjs: 'text/javascript',
    css: 'text/css', svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg',
    gif: 'image/gif', webp: 'image/webp', avif: 'image/avif', ico: 'image/x-icon', woff: 'font/woff',
    woff2: 'font/woff2', json: 'application/json', wasm: 'application/wasm' };
  const server = require('node:http').createServer((req, res) => {
    let file = null;
    try {
      const target = path.resolve(dir, '.' + decodeURIComponent(new URL(req.url, 'http://x').pathname));
      if (target === dir || target.startsWith(dir + '/')) {
        const st = fs.existsSync(target) ? fs.statSync(target) : null;
        if (st && st.isFile()) file = target;
        else if (st && st.isDirectory() && fs.existsSync(path.join(target, 'index.html'))) file = path.join(target, 'index.html');
      }
    } catch {}
    if (req.method !== 'GET' || !file) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'content-type': types[file.slice(file.lastIndexOf('.') + 1).toLowerCase()] || 'application/octet-stream' });
    fs.createReadStream(file).on('error', () => res.destroy()).pipe(res);
  });
  server.listen(0, '127.0.0.1', () => resolve(server));
});
// Runs argv as the build user with a clean environment, its output left out of the log; resolves
// the exit code, null when it was stopped at the limit.
const quiet = (argv, seconds) => new Promise((resolve) => {
  const child = cp.spawn('runuser', ['-u', USER, '--', 'env', '-i', 'HOME=/home/' + USER,
    'PATH=' + process.env.BUILD_USER_PATH, 'LANG=C.UTF-8', ...argv], { detached: true, stdio: 'ignore' });
  let timedOut = false;
  const timer = setTimeout(() => { timedOut = true; try { process.kill(-child.pid, 'SIGKILL'); } catch {} }, seconds * 1000);
  child.on('error', () => { clearTimeout(timer); resolve(-1); });
  child.on('close', (code) => { clearTimeout(timer); resolve(timedOut ? null : code); });
});
const pngSize = (bytes) => bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47
  ? { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) } : null;
// The pictures of the built site (contract/design/capture.ts), uploaded beside the record.
const captureSite = async (out) => {
  const browser = process.env.${CAPTURE_BROWSER_VARIABLE};
  if (!browser || !fs.existsSync(browser)) return { screenshots: [], screenshot_reason: C.reasons.noBrowser };
  const server = await serve(path.resolve(out));
  const url = 'http://127.0.0.1:' + server.address().port + '/';
  const shots = root + '/shots';
  const screenshots = [];
  const reasons = [];
  try {
    fs.mkdirSync(shots, { recursive: true });
    cp.execFileSync('chown', [USER + ':' + USER, shots]);
    const folder = env('recordKey').slice(0, env('recordKey').lastIndexOf('/') + 1);
    for (const viewport of C.viewports) {
      const file = shots + '/' + C.files[viewport];
      const args = C.args[viewport].map((arg) => arg.replace('%file', file)
        .replace('%profile', shots + '/profile-' + viewport).replace('%url', url));
      const started = Date.now();
      const code = await quiet([browser, ...args], C.limits.captureTimeoutSeconds);
      const ms = Date.now() - started;
      if (code === null) { reasons.push(C.reasons['timedOut_' + viewport]); continue; }
      const bytes = fs.existsSync(file) ? fs.readFileSync(file) : null;
      const size = bytes && pngSize(bytes);
      if (code !== 0 || !size) { reasons.push(C.reasons['failed_' + viewport]); continue; }
      if (bytes.length > C.limits.maxBytes) { reasons.push(C.reasons['tooLarge_' + viewport]); continue; }
      const key = folder + C.files[viewport];
      aws('s3', 'cp', file, 's3://' + outputBucket + '/' + key, '--content-type', 'image/png', '--only-show-errors');
      screenshots.push({ viewport, key, width: size.width, height: size.height, bytes: bytes.length, ms });
    }
  } finally {
    server.close();
  }
  return reasons.length ? { screenshots, screenshot_reason: reasons.join(' ') } : { screenshots };
};
(async () => {
  try {
    fs.mkdirSync(work, { recursive: true });
    const archive = root + '/bundle' + key.slice(key.lastIndexOf('/bundle') + 7);
    aws('s3', 'cp', 's3://' + filesBucket + '/' + key, archive, '--only-show-errors');
    if (archive.endsWith('.zip')) cp.execFileSync('unzip', ['-q', archive, '-d', work]);
    else if (/\\.(tar\\.gz|tgz|tar)$/.test(archive)) cp.execFileSync('tar', ['-xf', archive, '-C', work, '--no-same-owner']);
    else cp.execFileSync('bsdtar', ['-xf', archive, '-C', work]);
    fs.rmSync(archive);
    if (sizeOf(work).bytes > L.maxExtractedBytes) throw new Error('too large');
    cp.execFileSync('chown', ['-R', USER + ':' + USER, work]);
  } catch (error) {
    note(String(error && error.message || error));
    return finish({ outcome: 'failed', reason: R.unreadableBundle });
  }
  const inside = (dir, folder) => folder === dir || folder.startsWith(dir + '/');
  // One folder wrapping every file (a GitHub zipball) is the bundle's root, as a deploy reads it
  // (wrappingFolderOf in contract/design/build.ts); __MACOSX and .git beside it do not count.
  const top = fs.readdirSync(work, { withFileTypes: true })
    .filter((e) => e.name !== '__MACOSX' && e.name !== '.git');
  const root0 = top.length === 1 && top[0].isDirectory() ? path.join(work, top[0].name) : work;
  const base = path.resolve(root0, env('baseDir') || '.');
  if (!inside(work, base)) return finish({ outcome: 'failed', reason: R.unreadableBundle });
  const pm = env('packageManager');
  record.runtime_version = record.runtime === 'python' ? version('python3', ['--version'])?.replace(/^Python /, '') ?? null : version('node', ['--version']);
  record.package_manager_version = pm ? version('runuser', ['-u', USER, '--', 'env', 'PATH=' + process.env.BUILD_USER_PATH, pm, '--version']) : null;
  let started = Date.now();
  const installed = await step(env('installCommand'), base, L.installTimeoutSeconds);
  record.install_ms = Date.now() - started;
  if (installed === null) return finish({ reason: R.timedOutInstall, failed_step: 'install' });
  if (installed !== 0) return finish({ reason: fmt(R.installFailed, installed), failed_step: 'install' });
  if (!env('buildCommand')) return finish({ outcome: 'built' });
  started = Date.now();
  // The install keeps devDependencies (vite, typescript…); the build runs as production.
  const built = await step(env('buildCommand'), base, L.buildTimeoutSeconds, ['NODE_ENV=production']);
  record.build_ms = Date.now() - started;
  if (built === null) return finish({ reason: R.timedOutBuild, failed_step: 'build' });
  if (built !== 0) return finish({ reason: fmt(R.buildFailed, built), failed_step: 'build' });
  const out = path.resolve(base, env('outputDir') || 'dist');
  if (!inside(base, out) || !fs.existsSync(out) || fs.readdirSync(out).length === 0) {
    return finish({ reason: fmt(R.noOutput, env('outputDir') || 'dist'), failed_step: 'output' });
  }
  const { bytes, files } = sizeOf(out);
  if (bytes > L.maxOutputBytes) {
    return finish({ reason: R.outputTooLarge, failed_step: 'output', output_bytes: bytes, output_files: files });
  }
  const staticSite = fs.existsSync(path.join(out, 'index.html'));
  let pictures = {};
  if (staticSite) {
    aws('s3', 'sync', out, 's3://' + outputBucket + '/' + env('sitePrefix'),
      '--no-follow-symlinks', '--only-show-errors');
    pictures = await captureSite(out).catch((error) => {
      console.error('Capture: ' + String(error && error.message || error));
      return { screenshots: [], screenshot_reason: C.reasons.noBrowser };
    });
  }
  return finish({ outcome: 'built', output_bytes: bytes, output_files: files, static_site: staticSite, ...pictures });
})().catch((error) => { note(String(error)); finish({ outcome: 'failed', reason: R.unreadableBundle }); });
`;

/**
 * The buildspec (version 0.2) as an object for `BuildSpec.fromObject`. The install phase runs as
 * root before any of the seller's files exist: the runtimes, the package managers, the build user
 * (who may read the runtimes but nothing of root's), bsdtar for RAR bundles.
 */
export const versionBuildSpec = (): Record<string, unknown> => ({
  version: '0.2',
  env: { shell: 'bash' },
  phases: {
    install: {
      'runtime-versions': BUILD_RUNTIMES,
      commands: [
        `useradd --create-home --shell /bin/bash ${BUILD_USER}`,
        'dnf install -y -q bsdtar >/dev/null 2>&1 || true',
        'corepack enable || true',
        'npm install --global --silent bun@1 >/dev/null 2>&1 || true',
        'pip3 install --quiet uv >/dev/null 2>&1 || true',
        // Python (pyenv) lives under root's home on CodeBuild images: the build user may pass
        // through it and read the interpreters, nothing else of root's. Node (n) is in /usr/local.
        'chmod o+x /root',
        'if [ -d /root/.pyenv ]; then chmod -R o+rX /root/.pyenv; fi',
        'for bin in node npm pnpm yarn bun uv python3; do p=$(command -v $bin) || continue; d=$(dirname "$(readlink -f "$p")"); while [ "$d" != / ]; do chmod o+x "$d"; d=$(dirname "$d"); done; done',
        // CodeBuild's own files (its scripts and their environment) stay root's alone.
        'chmod -R go-rwx /codebuild 2>/dev/null || true',
        'export BUILD_USER_PATH="$PATH"',
        // The capture's browser: the image's Chrome or Chromium, else Playwright's headless shell
        // (readable by the build user), else none (the record then says so).
        `${CAPTURE_BROWSER_VARIABLE}=$(command -v google-chrome || command -v chromium || command -v chromium-browser || true)`,
        `if [ -z "$${CAPTURE_BROWSER_VARIABLE}" ]; then (PLAYWRIGHT_BROWSERS_PATH=${CAPTURE_BROWSER_FOLDER} npx --yes ${CAPTURE_PLAYWRIGHT} install chromium-headless-shell && dnf install -y -q ${CAPTURE_LIBRARIES}) >/dev/null 2>&1 || true; chmod -R o+rX ${CAPTURE_BROWSER_FOLDER} 2>/dev/null || true; ${CAPTURE_BROWSER_VARIABLE}=$(find ${CAPTURE_BROWSER_FOLDER} -type f \\( -name headless_shell -o -name chrome-headless-shell \\) 2>/dev/null | head -n 1); fi`,
        `export ${CAPTURE_BROWSER_VARIABLE}`,
      ],
    },
    build: {
      commands: [
        `echo ${Buffer.from(runner).toString('base64')} | base64 -d > /build-runner.cjs`,
        'mkdir -p /build && node /build-runner.cjs',
      ],
    },
  },
});
