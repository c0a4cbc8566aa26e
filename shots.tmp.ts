import { chromium } from 'playwright-core';
import { startDemoStack } from './test/fixtures/demo-stack';
import { CHROMIUM_OFFLINE_FLAGS, CHROMIUM_PATH } from './test/fixtures/chromium';

const s = await startDemoStack('shots-');
const url = s.stack.url;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--headless', ...CHROMIUM_OFFLINE_FLAGS] });
const shoot = async (page: import('playwright-core').Page, name: string) =>
  page.screenshot({ path: `/tmp/shots22/${name}.png`, fullPage: true });
const signIn = async (page: import('playwright-core').Page, email: string) => {
  await page.goto(`${url}/auth`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('demo1234');
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('button', { name: 'Sign Out' }).first().waitFor();
};
try {
  for (const [w, h, suffix] of [[1280, 900, 'desktop'], [390, 844, 'phone']] as const) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h } });
    const page = await ctx.newPage();
    await signIn(page, 'buyer@demo.local');
    await page.goto(`${url}/settings`);
    await page.getByTestId('authenticator-app').waitFor();
    await page.getByTestId('authenticator-app').scrollIntoViewIfNeeded();
    await shoot(page, `settings-security-${suffix}`);
    const setUp = page.getByTestId('authenticator-app').getByRole('button').first();
    await setUp.click();
    await page.getByTestId('totp-secret').waitFor({ timeout: 10000 }).catch(() => undefined);
    await shoot(page, `settings-security-setup-${suffix}`);
    await ctx.close();
  }
  const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ap = await admin.newPage();
  await signIn(ap, 'admin@demo.local');
  await ap.goto(`${url}/admin?tab=payouts`);
  await ap.locator('[data-testid="admin-payouts"][aria-busy="false"]').waitFor().catch(() => undefined);
  await ap.waitForTimeout(1500);
  await shoot(ap, 'admin-payouts');
  await admin.close();
} finally {
  await browser.close();
  await s.stop();
}
process.exit(0);
