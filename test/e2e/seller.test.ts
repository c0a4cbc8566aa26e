/// <reference lib="dom" />
/**
 * The seller workspace end to end: a visitor applies through the four-step wizard (with a
 * validation error on each step) and lands signed in; a signed-in buyer applies without the
 * account step, an admin approves them from the Applications tab and they reach the upload form;
 * the demo applicant is declined with a reason, reads it on their dashboard and may apply again;
 * the demo seller uploads a clean bundle built here with fflate,
 * sees it reach Approved on My MVPs through the real processing pipeline and appear in the
 * catalog, edits it, uploads a new version and archives it. The template is created by this file,
 * so no other test depends on it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { signIn, signUpAsBuyer } from '../fixtures/e2e/sign-in';
import { readConfirmationCode, screenshot, uniqueEmail } from '../fixtures/e2e/stack';
import { PNG_1X1, storedZip } from '../fixtures/e2e/uploads';
import { expectFitsPhone } from '../fixtures/e2e/phone-width';

/** A small clean template: source files only. */
const cleanBundle = (marker: string): Buffer =>
  storedZip({
    'starter/README.md': `# Starter ${marker}\n\n${'A clean starter template. '.repeat(40)}`,
    'starter/package.json': JSON.stringify({ name: 'starter', version: '1.0.0' }),
    'starter/src/index.ts': `export const hello = (name: string) => \`Hello \${name}\`;\n`,
  });

describe('seller application wizard', () => {
  const session = useBrowserSession();

  it('validates each step, creates the account and lands the applicant signed in', async () => {
    const { page } = session;
    const email = uniqueEmail('applicant');
    await page.goto('/sell');
    const form = page.getByRole('form', { name: 'Seller application' });
    const error = page.getByTestId('wizard-error');
    const next = form.getByRole('button', { name: 'Next' });

    // Step 1: Account Setup.
    await next.click();
    expect(await error.textContent()).toContain('Email is required');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Password', { exact: true }).fill('secret1');
    await form.getByLabel('Confirm Password').fill('secret2');
    await form.getByLabel('Full Name').fill('Ada Applicant');
    await next.click();
    expect(await error.textContent()).toContain('Invalid email format');
    await form.getByLabel('Email').fill(email);
    await next.click();
    expect(await error.textContent()).toContain('Passwords do not match');
    await form.getByLabel('Confirm Password').fill('secret1');
    await next.click();

    // Step 2: Experience.
    await page.getByTestId('wizard-step').getByText('Experience').waitFor();
    await next.click();
    expect(await error.textContent()).toContain('Experience level is required');
    await form.getByLabel('Years of Experience').selectOption('3-5');
    await next.click();
    expect(await error.textContent()).toContain('Select at least one specialization');
    await form.getByText('SaaS Development', { exact: true }).click();
    await form.getByLabel('Previous Work').fill('Shipped three SaaS products.');
    await next.click();

    // Step 3: Portfolio.
    await page.getByTestId('wizard-step').getByText('Portfolio').waitFor();
    await next.click();
    expect(await error.textContent()).toContain('Portfolio description is required');
    await form.getByLabel('Portfolio Description').fill('Starters and dashboards.');
    await form.getByLabel('Sample Projects').fill('https://example.com/starter');
    await next.click();

    // Step 4: Review & Submit.
    await page.getByTestId('wizard-step').getByText('Review & Submit').waitFor();
    expect(await page.getByTestId('application-review').textContent()).toContain(email);
    const submit = form.getByRole('button', { name: 'Submit Application' });
    await submit.click();
    expect(await error.textContent()).toContain('You must agree to the terms');
    await form.getByText('I agree to the terms of service', { exact: false }).click();
    await submit.click();
    expect(await error.textContent()).toContain('You must agree to the commission structure');
    await form.getByText('I agree to the commission structure', { exact: false }).click();
    await screenshot(page, 'seller-application-review');
    await submit.click();

    // Cognito mails a code; the application is stored once the account is confirmed.
    await form.getByLabel('Verification Code').waitFor();
    // Locally the code is printed in the terminal, and the step says so (as /auth does).
    await form.getByText('the code is printed in the terminal').waitFor();
    await form.getByLabel('Verification Code').fill(await readConfirmationCode(email));
    await form.getByRole('button', { name: 'Confirm and Submit' }).click();
    // Signed in as the new account, on the dashboard, never on a second sign-in page.
    await page.waitForURL('**/dashboard');
    await page.getByTestId('route-notice').getByText('reviewed in 2-3 business days').waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).first().waitFor();
    await screenshot(page, 'seller-application-submitted');
  });
});

describe('an existing buyer becomes a seller', () => {
  const buyer = useBrowserSession();
  const admin = useBrowserSession();

  it('applies signed in, is approved from the Applications tab and reaches /upload', async () => {
    const { page } = buyer;
    const email = uniqueEmail('buyer-seller');
    await signUpAsBuyer(page, email, 'secret123');
    await page.getByTestId('first-steps').getByRole('link', { name: 'Become a Seller' }).click();

    // Account Setup: the account's e-mail is shown, not asked; no password.
    const form = page.getByRole('form', { name: 'Seller application' });
    const next = form.getByRole('button', { name: 'Next' });
    await page.getByTestId('application-account').getByText(email).waitFor();
    expect(await form.getByLabel('Password', { exact: true }).count()).toBe(0);
    await screenshot(page, 'seller-application-signed-in');
    await expectFitsPhone(page);
    await screenshot(page, 'seller-application-signed-in-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await form.getByLabel('Full Name').fill('Grace Buyer');
    await next.click();
    await form.getByLabel('Years of Experience').selectOption('6-10');
    await form.getByText('Full Stack Development', { exact: true }).click();
    await form.getByLabel('Previous Work').fill('Ten years of web products.');
    await next.click();
    await form.getByLabel('Portfolio Description').fill('Dashboards and starters.');
    await form.getByLabel('Sample Projects').fill('https://github.com/grace/starter');
    await next.click();

    // Review & Submit: no message before anything is pressed; done steps are checked.
    await page.getByTestId('wizard-step').getByText('Review & Submit').waitFor();
    expect(await page.getByTestId('wizard-error').count()).toBe(0);
    expect(await form.getByText('You must agree to the terms').count()).toBe(0);
    expect(await page.getByLabel('done').count()).toBe(3);
    expect(await page.getByTestId('application-review').textContent()).toContain(email);
    await form.getByText('I agree to the terms of service', { exact: false }).click();
    await form.getByText('I agree to the commission structure', { exact: false }).click();
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('route-notice').getByText('reviewed in 2-3 business days').waitFor();
    // Still a buyer: the buyer dashboard, with the application's state on top.
    await page.getByTestId('seller-application-notice').getByText('under review').waitFor();
    await screenshot(page, 'buyer-dashboard-application-pending');

    // A second visit says it is under review.
    await page.goto('/seller-signup');
    await page.getByTestId('application-pending').waitFor();

    // The admin approves from the Applications queue, after a confirmation.
    await signIn(admin.page, 'admin@demo.local', 'demo1234');
    await admin.page.goto('/admin?tab=applications');
    const card = admin.page.locator(`[data-testid="seller-application"][data-email="${email}"]`);
    await card.waitFor();
    expect(await card.textContent()).toContain('Full Stack Development');
    expect(await card.textContent()).toContain('https://github.com/grace/starter');
    await screenshot(admin.page, 'admin-applications');
    await expectFitsPhone(admin.page);
    await screenshot(admin.page, 'admin-applications-phone');
    await admin.page.setViewportSize({ width: 1280, height: 900 });
    await card.getByRole('button', { name: 'Approve' }).click();
    const dialog = admin.page.getByTestId('approve-application-dialog');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await admin.page.getByTestId('application-action-result').getByText('Grace Buyer').waitFor();
    await expect.poll(() => card.getAttribute('data-status')).toBe('approved');

    // The new seller is asked for a username on the seller dashboard: their byline and page.
    await page.goto('/dashboard');
    const prompt = page.getByTestId('seller-username-prompt');
    await prompt.waitFor();
    const username = `grace-${Date.now().toString(36)}`;
    await prompt.getByRole('textbox', { name: 'Username' }).fill(username);
    await prompt.getByRole('button', { name: 'Save username' }).click();
    await page.getByTestId('seller-username-saved').getByText(`/seller/${username}`).waitFor();
    await page.goto(`/seller/${username}`);
    await page.getByTestId('seller-stat-mvps').waitFor();

    // The new seller reaches the upload form.
    await page.goto('/upload');
    await page.getByRole('form', { name: 'Upload MVP' }).waitFor();
    await screenshot(page, 'approved-seller-upload');
  });

  it('declines the demo applicant with a reason, which the applicant reads with a way to apply again', async () => {
    // The seed's pending application (lib/local/seed/applications.ts).
    const applicant = 'applicant@demo.local';
    await signIn(admin.page, 'admin@demo.local', 'demo1234');
    await admin.page.goto('/admin?tab=applications');
    const card = admin.page.locator(
      `[data-testid="seller-application"][data-email="${applicant}"]`,
    );
    await card.getByRole('button', { name: 'Reject' }).click();
    const dialog = admin.page.getByTestId('reject-application-dialog');
    // The reason is required: the applicant is told it.
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByText('Please give the applicant a reason for the rejection.').waitFor();
    await dialog.getByLabel('Reason').fill('Please add two public projects to your portfolio.');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => card.getAttribute('data-status')).toBe('rejected');
    expect(await card.getByTestId('application-decision').textContent()).toContain('Rejected on');

    const { page } = buyer;
    await page.getByRole('button', { name: 'Sign Out' }).first().click();
    await signIn(page, applicant, 'demo1234');
    await page.goto('/dashboard');
    const notice = page.getByTestId('seller-application-notice');
    await notice.getByText('Your seller application was not approved').waitFor();
    expect(await notice.textContent()).toContain(
      'Reason: Please add two public projects to your portfolio.',
    );
    await notice.getByRole('link', { name: 'Apply again' }).click();
    await page.getByRole('form', { name: 'Seller application' }).waitFor();
    await screenshot(page, 'declined-applicant-applies-again');
  });
});

describe('the demo seller manages a template', () => {
  const session = useBrowserSession();
  const title = `E2E Starter ${Date.now().toString(36)}`;
  let templateId = '';

  beforeAll(async () => {
    await signIn(session.page, 'seller@demo.local', 'demo1234');
  });

  const card = () => session.page.getByTestId('my-mvp-card').filter({ hasText: title });

  it('uploads a clean bundle that reaches Approved and the catalog', async () => {
    const { page } = session;
    await page.goto('/upload');
    const form = page.getByRole('form', { name: 'Upload MVP' });
    await form.getByRole('button', { name: 'Upload MVP' }).click();
    await page.getByTestId('upload-error').getByText('Title is required').waitFor();

    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Tagline').fill('Launch in a weekend');
    await form.getByLabel('Description').fill('Auth, billing and a dashboard, ready to ship.');
    await form.getByLabel('Category').selectOption('SaaS');
    await form.getByLabel('Feature 1', { exact: true }).fill('Authentication');
    await form.getByRole('button', { name: 'Add Feature' }).click();
    await form.getByLabel('Feature 2', { exact: true }).fill('Billing');
    await form.getByText('React', { exact: true }).click();
    await form.getByText('TypeScript', { exact: true }).click();
    await form.getByLabel('Demo URL').fill('not a url');
    await form.getByLabel('Access Tier').selectOption('subscription');
    await form.getByLabel('MVP File').setInputFiles({
      name: 'starter.zip',
      mimeType: 'application/zip',
      buffer: cleanBundle(title),
    });
    await form.getByLabel('Preview Images').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: PNG_1X1,
    });
    await form.getByRole('button', { name: 'Upload MVP' }).click();
    await page.getByTestId('upload-error').getByText('Please enter a valid URL').waitFor();
    await form.getByLabel('Demo URL').fill('https://demo.example.com');
    await form.getByRole('button', { name: 'Upload MVP' }).click();
    await page.getByTestId('upload-success').waitFor();
    await page.waitForURL('**/dashboard');
    // The success message travels with the redirect and stays until dismissed.
    const notice = page.getByTestId('route-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('MVP uploaded successfully!');
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Seller Dashboard' }).waitFor();
    expect(await page.getByTestId('route-notice').count()).toBe(0);

    await page.goto('/my-mvps');
    await card().waitFor();
    templateId = (await card().getAttribute('data-mvp-id')) ?? '';
    expect(templateId).toMatch(/^[0-9A-Z]{26}$/);
    // The pipeline scans, computes the CID and publishes; My MVPs refreshes while pending.
    await expect
      .poll(() => card().getAttribute('data-status'), { timeout: 60_000, interval: 1_000 })
      .toBe('approved');
    expect(await card().getByTestId('mvp-status').textContent()).toBe('Approved');
    await screenshot(page, 'my-mvps-approved');

    await page.goto(`/mvp/${templateId}`);
    // Exact: the bundle's README, shown on the page, has a heading that contains the title too.
    await page.getByRole('heading', { name: title, exact: true }).waitFor();
  });

  it('edits the template', async () => {
    const { page } = session;
    await page.goto('/my-mvps');
    await card().getByRole('link', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit MVP' });
    for (const section of [
      'Basic Information',
      'Features',
      'Tech Stack',
      'Links',
      'Files',
      'Licensing & Version',
      'Pricing & Access',
    ]) {
      await form.getByRole('heading', { name: section, exact: true }).waitFor();
    }
    await form.getByLabel('Tagline').fill('Launch in a day');
    await form.getByRole('button', { name: 'Update MVP' }).click();
    await page.waitForURL('**/my-mvps');
    await page.getByTestId('my-mvps-notice').getByText('MVP updated successfully!').waitFor();
    await expect.poll(() => card().textContent()).toContain('Launch in a day');
  });

  it('uploads a new version with a changelog', async () => {
    const { page } = session;
    await card().getByRole('link', { name: 'New Version' }).click();
    const form = page.getByRole('form', { name: 'Upload new version' });
    expect(await form.getByLabel('Version Number').inputValue()).toBe('1.0.1');
    await form.getByLabel('MVP File').setInputFiles({
      name: 'starter-1.0.1.zip',
      mimeType: 'application/zip',
      buffer: cleanBundle(`${title} v2`),
    });
    await form.getByRole('button', { name: 'Upload Version' }).click();
    await page
      .getByTestId('upload-error')
      .getByText('Changelog is required for new versions')
      .waitFor();
    await form.getByLabel('Changelog').fill('Faster builds');
    await form.getByRole('button', { name: 'Upload Version' }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/my-mvps');
    // The template never leaves the catalog: v1.0.0 stays live until v1.0.1 is processed.
    expect(await card().getAttribute('data-status')).toBe('approved');
    await expect
      .poll(() => card().getByTestId('version-line').textContent(), {
        timeout: 60_000,
        interval: 1_000,
      })
      .toBe('v1.0.1 live');
  });

  it('archives the template after confirmation', async () => {
    const { page } = session;
    await card().getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('my-mvps-notice').getByText('MVP deleted successfully.').waitFor();
    await expect.poll(() => card().count()).toBe(0);
  });
});
