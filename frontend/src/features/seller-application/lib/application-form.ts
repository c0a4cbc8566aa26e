/**
 * The wizard's form: its values, the schema each step is checked
 * with before Next, and the order in which the message at the top names the first problem.
 */
import * as z from 'zod';
import {
  applicationAccountSchema,
  applicationAgreementSchema,
  applicationExperienceSchema,
  applicationPortfolioSchema,
} from '@contract/seller-applications';
import { confirmationCodeSchema, newAccountFields, passwordsMatch } from '@/lib/credential-fields';

/** The seller wizard's wording of a malformed e-mail (sign-up says 'Please enter a valid email'). */
export const credentialsSchema = z
  .object(newAccountFields('Invalid email format'))
  .refine(...passwordsMatch);

export const INITIAL_APPLICATION = {
  email: '',
  password: '',
  confirmPassword: '',
  fullName: '',
  companyName: '',
  website: '',
  yearsExperience: '',
  specializations: [] as string[],
  previousWork: '',
  portfolioDescription: '',
  sampleProjects: '',
  githubProfile: '',
  linkedinProfile: '',
  agreeToTerms: false,
  agreeToCommission: false,
  /** The e-mailed code, asked for after submitting when Cognito sends one. */
  code: '',
};
export type ApplicationValues = typeof INITIAL_APPLICATION;

/**
 * What each step checks before Next, and the code step after submitting. A new account's first
 * step checks the credentials (they go to Cognito, never to our API) beside the account fields; a
 * signed-in applicant's first step has only the account fields.
 */
export const STEP_SCHEMAS = [
  applicationAccountSchema.and(credentialsSchema),
  applicationExperienceSchema,
  applicationPortfolioSchema,
  applicationAgreementSchema,
] as const;
export const SIGNED_IN_STEP_SCHEMAS = [applicationAccountSchema, ...STEP_SCHEMAS.slice(1)] as const;
export const CONFIRM_SCHEMA = confirmationCodeSchema;

/** The message at the top names the first problem in the order the fields appear. */
export const FIELD_ORDER: readonly (keyof ApplicationValues)[] = [
  'email',
  'password',
  'confirmPassword',
  'fullName',
  'yearsExperience',
  'specializations',
  'previousWork',
  'portfolioDescription',
  'sampleProjects',
  'agreeToTerms',
  'agreeToCommission',
  'code',
];
