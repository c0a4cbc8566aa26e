/// <reference lib="dom" />
/**
 * The app runs under its production Content-Security-Policy: the local server
 * sends CloudFront's headers, built from contract/design/web-security.ts, and no page of the
 * main journeys trips it. A violation is caught both as the `securitypolicyviolation` DOM event
 * (recorded from the first script on) and as Chromium's "Refused to …" console message.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { submitSignIn } from '../fixtures/e2e/sign-in';

const BUYER = { email: 'buyer@demo.local', password: 'demo1234' };

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

describe('the Content-Security-Policy', () => {
  const session = useBrowserSession();
  const refused: string[] = [];

  beforeAll(async () => {
    await session.context.addInitScript(() => {
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        window.cspViolations!.push(
          `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
        );
      });
    });
    session.page.on('console', (message) => {
      if (/Refused to|Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
  });

  /** The violations the current page recorded since it loaded, plus console refusals so far. */
  const violations = async () => [
    ...((await session.page.evaluate(() => window.cspViolations ?? [])) as string[]),
    ...refused,
  ];

  it('is sent with the document, strict on scripts and framing', async () => {
    const response = await session.page.goto('/');
    const headers = response!.headers();
    expect(headers['content-security-policy']).toContain("script-src 'self';");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets the public pages run without a violation: home, browse, a template', async () => {
    const { page } = session;
    await page.goto('/');
    await page.getByTestId('featured-templates').getByTestId('mvp-card').first().waitFor();
    expect(await violations()).toEqual([]);

    await page.goto('/mvps');
    const firstCard = page.getByTestId('mvp-card').first();
    await firstCard.waitFor();
    expect(await violations()).toEqual([]);

    await firstCard.getByRole('link', { name: 'View Details' }).click();
    await page.getByTestId('mvp-detail').waitFor();
    await page.getByTestId('mvp-gallery').locator('img').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });

  it('lets sign-in (Cognito) and the signed-in dashboard run without a violation', async () => {
    const { page } = session;
    // Through the form, never a stored session: the call to Cognito is part of what is checked.
    await page.goto('/auth');
    await submitSignIn(page, BUYER.email, BUYER.password);
    expect(await violations()).toEqual([]);
    await page.goto('/dashboard');
    await page.getByTestId('subscription-status').getByText('Pro plan').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });

  it('really blocks what it forbids: an inline script never runs', async () => {
    const { page } = session;
    await page.goto('/');
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineScriptRan = true;';
      document.body.append(script);
      await new Promise((done) => setTimeout(done, 100));
      return (window as { inlineScriptRan?: boolean }).inlineScriptRan === true;
    });
    expect(ran).toBe(false);
    expect((await violations()).some((line) => line.startsWith('script-src'))).toBe(true);
  });
});
