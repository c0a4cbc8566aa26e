/**
 * Lighthouse performance and accessibility of the home page, /mvps and a template page, against
 * the production build served as `npm start` serves it (compressed, cached, under the CSP), in
 * Debian's Chromium, on the mobile (Lighthouse's default: simulated slow 4G and a 4x slower CPU)
 * and the desktop profile. `npm run bench -- lighthouse`.
 *
 * It builds the frontend, starts the local stack on free ports with fresh demo data (as the e2e
 * suite does), asks every built file once so the server has compressed it, then runs Lighthouse
 * RUNS times per page and profile and reports the median run (Lighthouse's own advice against
 * run-to-run noise). A laptop's numbers, not a CDN's: read them as a comparison between builds.
 *
 * The pages are served over HTTPS and HTTP/2, as CloudFront serves them (test/fixtures/tls-front.ts
 * in front of the local edge): Lighthouse's simulated slow network gives HTTP/1.1 six connections
 * per origin and a round trip per request, which a page of ~30 small chunks pays several times
 * over, where HTTP/2 multiplexes them on one connection. `LIGHTHOUSE_HTTP=1.1` measures the local
 * edge as it is (plain HTTP/1.1), to compare.
 *
 * The template page is the first card of /mvps page 1 in the demo data (what a visitor opens
 * next). `LIGHTHOUSE_PAGES=/mvps,template` and `LIGHTHOUSE_PROFILES=mobile` narrow the run;
 * `LIGHTHOUSE_REPORTS=<folder>` writes each median run's full JSON report there, for the
 * diagnostics the table leaves out (main-thread work, long tasks, unused JavaScript, the LCP
 * element). `LIGHTHOUSE_THROTTLING=devtools` slows the browser's network and CPU for real
 * instead of simulating the load from a fast one (Lighthouse's default), for what a phone would
 * see: slower and steadier, and a check that a change does not win the simulation while losing
 * on a real slow link (leaving out the chunks' modulepreload links did: simulated TBT better, LCP
 * under real throttling 3.9 → 5.7 s).
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import type { Config, Result } from 'lighthouse';
import { CHROMIUM_OFFLINE_FLAGS, CHROMIUM_PATH } from '../fixtures/chromium';
import { startDemoStack } from '../fixtures/demo-stack';
import { startTlsFront } from '../fixtures/tls-front';
import { buildWebApp, firstTemplatePath } from './support/web-app';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const TEMPLATE_PAGE = 'template';
const selected = (variable: string) => process.env[variable]?.split(',').filter(Boolean);
const PAGES = selected('LIGHTHOUSE_PAGES') ?? ['/', '/mvps', TEMPLATE_PAGE];
const PROFILES: { name: string; config?: Config }[] = [
  { name: 'mobile' },
  { name: 'desktop', config: desktopConfig },
].filter((profile) => selected('LIGHTHOUSE_PROFILES')?.includes(profile.name) ?? true);
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const dist = path.join(repositoryRoot, 'frontend', 'dist');

const HTTP1 = process.env.LIGHTHOUSE_HTTP === '1.1';
const THROTTLING = process.env.LIGHTHOUSE_THROTTLING === 'devtools' ? 'devtools' : 'simulate';
/**
 * The e2e suite's offline flags (test/fixtures/chromium.ts): no calls to Google's services; and
 * the TLS front's certificate, made for this run, accepted.
 */
const CHROME_FLAGS = [
  '--headless=new',
  ...CHROMIUM_OFFLINE_FLAGS,
  ...(HTTP1 ? [] : ['--ignore-certificate-errors']),
];

interface Row {
  page: string;
  lhr: Result;
  profile: string;
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /**
   * The host's speed as Lighthouse measured it before the run (`environment.benchmarkIndex`, higher
   * is faster): simulated throttling multiplies this host's own task times by four, so two runs'
   * scores compare only beside their hosts' indexes.
   */
  benchmarkIndex: number;
  failedAccessibility: string[];
}

const toRow = (page: string, profile: string, lhr: Result): Row => {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const accessibilityAudits = lhr.categories.accessibility?.auditRefs ?? [];
  return {
    page,
    lhr,
    profile,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
    failedAccessibility: accessibilityAudits
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${ref.id}: ${lhr.audits[ref.id]?.title}`),
  };
};

const median = (rows: Row[]): Row =>
  [...rows].sort((a, b) => a.performance - b.performance)[Math.floor(rows.length / 2)]!;

const main = async () => {
  await buildWebApp();

  const { stack, stop } = await startDemoStack('lighthouse-stack-');
  const front = HTTP1 ? undefined : await startTlsFront(stack.url);
  const siteUrl = front?.url ?? stack.url;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    // The server compresses each file on its first request; measure warm, as a CDN serves.
    for (const file of await readdir(path.join(dist, 'assets'))) {
      if (file.endsWith('.map')) continue;
      await fetch(`${stack.url}/assets/${file}`, { headers: { 'accept-encoding': 'br' } });
    }

    const rows: Row[] = [];
    for (const name of PAGES) {
      const page = name === TEMPLATE_PAGE ? await firstTemplatePath(stack.url) : name;
      for (const profile of PROFILES) {
        const runs: Row[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          const result = await lighthouse(
            `${siteUrl}${page}`,
            {
              port: chrome.port,
              logLevel: 'error',
              output: 'json',
              onlyCategories: ['performance', 'accessibility'],
              throttlingMethod: THROTTLING,
            },
            profile.config,
          );
          if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
          runs.push(toRow(page, profile.name, result.lhr));
        }
        const chosen = median(runs);
        rows.push(chosen);
        if (REPORTS) {
          await mkdir(REPORTS, { recursive: true });
          const file = `${name.replace(/\W+/g, '') || 'home'}-${profile.name}.json`;
          await writeFile(path.join(REPORTS, file), JSON.stringify(chosen.lhr, null, 1));
        }
      }
    }

    console.log(
      `\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs)` : ''} at ${siteUrl} ` +
        `(${HTTP1 ? 'HTTP/1.1' : 'HTTPS, HTTP/2'}; ${THROTTLING === 'devtools' ? 'real' : 'simulated'} throttling)`,
    );
    console.table(
      rows.map((row) => ({
        page: row.page,
        profile: row.profile,
        performance: row.performance,
        accessibility: row.accessibility,
        'FCP ms': Math.round(row.fcp),
        'LCP ms': Math.round(row.lcp),
        'TBT ms': Math.round(row.tbt),
        CLS: Number(row.cls.toFixed(3)),
        'host index': Math.round(row.benchmarkIndex),
      })),
    );
    console.log(
      "host index: Lighthouse's benchmarkIndex of this machine at that run (higher is faster); " +
        "compare two runs' scores only beside it.",
    );
    for (const row of rows) {
      if (row.failedAccessibility.length > 0)
        console.log(
          `${row.page} (${row.profile}) accessibility findings:\n  ${row.failedAccessibility.join('\n  ')}`,
        );
    }
  } finally {
    chrome.kill();
    await front?.close();
    await stop();
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
