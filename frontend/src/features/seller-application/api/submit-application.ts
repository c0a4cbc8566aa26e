/**
 * The seller application's submission (seller spec §2, §7 "Seller sign-up"):
 *
 * 1. Cognito sign-up with `custom:role` seller (the profile becomes a seller, not approved);
 * 2. the e-mail confirmation code, when the pool asks for one;
 * 3. a sign-in, so the application is stored under the new account's verified identity
 *    (`POST /api/seller-applications`; the password never reaches our API);
 * 4. sign-out: the applicant signs in on /auth, where the wizard sends them with a message.
 */
import * as z from 'zod';
import type {
  SellerApplicationBody,
  SellerApplicationReceipt,
} from '@contracts/seller-applications';
import { apiRequest } from '../../../lib/api-client';
import { AUTH_FLOW_TYPE, loadAuth } from '../../../lib/amplify';

export const credentialsSchema = z
  .object({
    email: z.string().trim().min(1, 'Email is required').pipe(z.email('Invalid email format')),
    password: z
      .string()
      .min(1, 'Password is required')
      .min(6, 'Password must be at least 6 characters'),
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type Credentials = z.output<typeof credentialsSchema>;

export const confirmationCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'The verification code has 6 digits');

/** Step 1: the account. Whether the e-mail must be confirmed before signing in. */
export async function createSellerAccount({ email, password }: Credentials) {
  const { auth } = await loadAuth();
  const result = await auth.signUp({
    username: email,
    password,
    options: { userAttributes: { email, 'custom:role': 'seller' } },
  });
  return { needsConfirmation: result.nextStep.signUpStep === 'CONFIRM_SIGN_UP' };
}

export async function confirmSellerAccount(email: string, code: string): Promise<void> {
  const { auth } = await loadAuth();
  await auth.confirmSignUp({ username: email, confirmationCode: code });
}

/** Steps 3–4: store the application as the new account, then sign out again. */
export async function submitApplication(
  { email, password }: Credentials,
  application: SellerApplicationBody,
): Promise<SellerApplicationReceipt> {
  const { auth } = await loadAuth();
  await auth.signIn({ username: email, password, options: { authFlowType: AUTH_FLOW_TYPE } });
  try {
    return await apiRequest<SellerApplicationReceipt>('/seller-applications', {
      method: 'POST',
      body: application,
    });
  } finally {
    await auth.signOut();
  }
}
