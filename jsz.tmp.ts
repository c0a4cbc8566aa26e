import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startDemoStack } from './test/fixtures/demo-stack';
import { CHROMIUM_OFFLINE_FLAGS, E2E_CHROMIUM } from './test/fixtures/chromium';
const { stack, stop } = await startDemoStack('jsz-');
const browser = await chromium.launch({ executablePath: E2E_CHROMIUM.path, headless: true, args: [...E2E_CHROMIUM.headlessFlags, ...CHROMIUM_OFFLINE_FLAGS] });
const items = (await (await fetch(`${stack.url}/api/mvps`)).json()) as { items: { id: string }[] };
for (const path of ['/', '/mvps', `/mvp/${items.items[0]!.id}`]) {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  const js: string[] = [];
  page.on('request', (r) => { const u = new URL(r.url()); if (u.pathname.endsWith('.js')) js.push(u.pathname); });
  await page.goto(`${stack.url}${path}`);
  await page.waitForLoadState('networkidle');
  let raw = 0, gz = 0;
  const rows: [number, string][] = [];
  for (const p of js) { const b = readFileSync(`frontend/dist${p}`); raw += b.length; const g = gzipSync(b, { level: 9 }).length; gz += g; rows.push([g, p]); }
  rows.sort((a, b) => b[0] - a[0]);
  console.log(path, js.length, 'files', (raw / 1024).toFixed(0), 'KB raw', (gz / 1024).toFixed(1), 'KB gz; largest:', rows.slice(0, 8).map(([g, p]) => `${p.replace('/assets/', '')} ${(g / 1024).toFixed(1)}`).join(', '));
  await page.close();
}
await browser.close();
await stop();
