/** Signing in through the real form, as a person would. */
import type { Page } from 'playwright-core';

/** Fills the sign-in form on the current page (it must show it) and waits for the session. */
export const submitSignIn = async (page: Page, email: string, password: string): Promise<void> => {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('button', { name: 'Sign Out' }).waitFor();
};

/** Opens /auth and signs in. */
export const signIn = async (page: Page, email: string, password: string): Promise<void> => {
  await page.goto('/auth');
  await submitSignIn(page, email, password);
};
