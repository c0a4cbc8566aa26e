/// <reference lib="dom" />
/**
 * Signing up, confirming by code, signing out and in, and the errors a person meets on the way:
 * the product's validation messages, a wrong password, and a reset without an e-mail address.
 */
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { signUpAsBuyer } from '../fixtures/e2e/sign-in';
import { readConfirmationCode, screenshot, uniqueEmail } from '../fixtures/e2e/stack';

describe('signing up and in', () => {
  const session = useBrowserSession();

  const form = (name: 'Sign in' | 'Sign up') => session.page.getByRole('form', { name });
  const signOutButton = () => session.page.getByRole('button', { name: 'Sign Out' });

  it('shows the validation messages of the sign-up form', async () => {
    const { page } = session;
    await page.goto('/signup');
    const signUp = form('Sign up');
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    expect(await signUp.getByText('Email is required').isVisible()).toBe(true);

    await signUp.getByLabel('Email').fill('not-an-email');
    await signUp.getByLabel('Password', { exact: true }).fill('12345');
    await signUp.getByLabel('Confirm Password').fill('54321');
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    expect(await signUp.getByText('Please enter a valid email').isVisible()).toBe(true);
    expect(await signUp.getByText('Password must be at least 6 characters').isVisible()).toBe(true);
    expect(await signUp.getByText('Passwords do not match').isVisible()).toBe(true);
    await screenshot(page, 'sign-up-errors');
  });

  it('signs up from Get Started, confirms the code, lands on the first steps, and signs out', async () => {
    const { page } = session;
    const email = uniqueEmail('buyer');
    // Get Started opens the sign-up tab.
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await form('Sign up').waitFor();
    expect(new URL(page.url()).pathname).toBe('/signup');
    await signUpAsBuyer(page, email, 'secret123', 'sign-up-confirm');

    await signOutButton().waitFor();
    // A new account lands on its first steps, not on the sign-in screen.
    await page.waitForURL('**/welcome');
    const steps = page.getByTestId('first-steps');
    await steps.getByRole('link', { name: 'Become a Seller' }).waitFor();
    expect(await steps.getByRole('link', { name: 'See plans' }).isVisible()).toBe(true);
    expect(await steps.getByRole('link', { name: 'Browse MVPs' }).isVisible()).toBe(true);
    await screenshot(page, 'first-steps');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'first-steps-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    // The API sees the new user with a default buyer profile.
    const profile = await page.evaluate(async () => {
      const key = Object.keys(localStorage).find((name) => name.endsWith('.idToken'));
      const token = key ? localStorage.getItem(key) : null;
      const response = await fetch('/api/me', { headers: { authorization: `Bearer ${token}` } });
      return response.json();
    });
    expect(profile).toMatchObject({
      email,
      role: 'buyer',
      downloads_remaining: 0,
      is_seller_approved: false,
    });

    await signOutButton().click();
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
    expect(await signOutButton().count()).toBe(0);
  });

  it('refuses a wrong password with a readable error, then signs the demo buyer in', async () => {
    const { page } = session;
    await page.goto('/auth');
    const signIn = form('Sign in');
    await signIn.getByLabel('Email').fill('buyer@demo.local');
    await signIn.getByLabel('Password').fill('wrong-password');
    await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
    const error = page.getByTestId('auth-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('Incorrect email or password.');
    await screenshot(page, 'sign-in-error');

    await signIn.getByLabel('Password').fill('demo1234');
    await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
    await signOutButton().waitFor();
    await signOutButton().click();
  });

  it('asks for the e-mail address before resetting a password', async () => {
    const { page } = session;
    await page.goto('/signin');
    await form('Sign in').getByRole('button', { name: 'Forgot password?' }).click();
    const error = page.getByText('Please enter your email address to reset your password.');
    await error.waitFor();
    expect(await error.isVisible()).toBe(true);
  });

  it('resets a forgotten password with the e-mailed code and lands on the security settings', async () => {
    const { page } = session;
    const email = uniqueEmail('forgetful');
    await signUpAsBuyer(page, email, 'first-pass');
    await signOutButton().click();
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();

    await page.goto('/signin');
    const signIn = form('Sign in');
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByRole('button', { name: 'Forgot password?' }).click();
    const reset = page.getByRole('form', { name: 'Reset password' });
    await reset.waitFor();
    await reset.getByLabel('Verification code').fill(await readConfirmationCode(email));
    await reset.getByLabel('New password', { exact: true }).fill('second-pass');
    await reset.getByLabel('Confirm new password').fill('second-pass');
    await screenshot(page, 'reset-password');
    await reset.getByRole('button', { name: 'Reset Password' }).click();

    await page.waitForURL('**/settings?tab=security');
    await signOutButton().waitFor();
    await signOutButton().click();

    // The new password is the one that works now.
    await page.goto('/signin');
    await form('Sign in').getByLabel('Email').fill(email);
    await form('Sign in').getByLabel('Password').fill('second-pass');
    await form('Sign in').getByRole('button', { name: 'Sign In', exact: true }).click();
    await signOutButton().waitFor();
    await signOutButton().click();
  });
});
