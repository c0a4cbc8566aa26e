import { chromium } from 'playwright-core';
import { startDemoStack } from './test/fixtures/demo-stack';
import { CHROMIUM_OFFLINE_FLAGS, E2E_CHROMIUM } from './test/fixtures/chromium';
const { stack, stop } = await startDemoStack('reqcheck-');
const browser = await chromium.launch({ executablePath: E2E_CHROMIUM.path, headless: true, args: [...E2E_CHROMIUM.headlessFlags, ...CHROMIUM_OFFLINE_FLAGS] });
const items = (await (await fetch(`${stack.url}/api/mvps`)).json()) as { items: { id: string }[] };
for (const path of ['/mvps', '/mvps', `/mvp/${items.items[0]!.id}`, `/mvp/${items.items[1]!.id}`]) {
  const page = await browser.newPage();
  const t0 = Date.now();
  const log: string[] = [];
  page.on('request', (r) => { const u = r.url().replace(stack.url, ''); if (!u.startsWith('/previews/')) log.push(`${Date.now() - t0}ms ${u}`); });
  page.on('response', (r) => { const u = r.url().replace(stack.url, ''); if (u.startsWith('/api/') || u.startsWith('/config')) log.push(`${Date.now() - t0}ms   done ${u}`); });
  await page.goto(`${stack.url}${path}`);
  await page.waitForLoadState('networkidle');
  const lcp = await page.evaluate(() => new Promise<number>((resolve) => new PerformanceObserver((l) => resolve(l.getEntries().at(-1)!.startTime)).observe({ type: 'largest-contentful-paint', buffered: true })));
  console.log(path, 'LCP', Math.round(lcp), '\n  ' + log.filter((l) => !l.includes('/assets/') || l.includes('index-')).join('\n  '), '\n  assets:', log.filter((l) => l.includes('/assets/')).length, 'first', log.find((l) => l.includes('/assets/') && !l.includes('index-')), 'last', log.filter((l) => l.includes('/assets/')).at(-1));
  await page.close();
}
await browser.close();
await stop();
