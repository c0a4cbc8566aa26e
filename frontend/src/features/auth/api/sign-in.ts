/** The sign-in form's rules; the call itself is lib/sign-up-flow.ts's. */
import * as z from 'zod';
import { emailField, passwordField } from '@/lib/credential-fields';

export const signInSchema = z.object({ email: emailField, password: passwordField });
