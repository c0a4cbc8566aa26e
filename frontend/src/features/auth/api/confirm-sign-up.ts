/** The e-mail confirmation step after sign-up, and sending a fresh code. */
import * as z from 'zod';
import { loadAuth } from '../../../lib/amplify';
import { codeField } from '../lib/credential-fields';

export const confirmSignUpSchema = z.object({ code: codeField });

export async function confirmSignUpCode(email: string, code: string): Promise<void> {
  const { auth } = await loadAuth();
  await auth.confirmSignUp({ username: email, confirmationCode: code });
}

export async function resendSignUpCode(email: string): Promise<void> {
  const { auth } = await loadAuth();
  await auth.resendSignUpCode({ username: email });
}
