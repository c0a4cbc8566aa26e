/**
 * Seller applications (seller spec §2, §3, §5): the four-step wizard's schemas, shared by the API
 * and the wizard, with the spec's own texts.
 */
import * as z from 'zod';

// Seller application (seller spec §2, §3, §5)

export const SELLER_APPLICATION_STEPS = [
  'Account Setup',
  'Experience',
  'Portfolio',
  'Review & Submit',
] as const;

export const YEARS_EXPERIENCE = ['1-2', '3-5', '6-10', '10+'] as const;
export type YearsExperience = (typeof YEARS_EXPERIENCE)[number];

export const SPECIALIZATIONS = [
  'Frontend Development',
  'Backend Development',
  'Full Stack Development',
  'Mobile Development',
  'DevOps & Infrastructure',
  'AI & Machine Learning',
  'Blockchain & Web3',
  'E-commerce',
  'SaaS Development',
  'API Development',
  'Database Design',
  'UI/UX Design',
] as const;

export const APPLICATION_SUBMITTED_MESSAGE =
  'Application submitted! Please sign in. Your seller application will be reviewed in 2-3 business days.';

const requiredText = (message: string, max = 5_000) =>
  z.string().trim().min(1, message).max(max, `Please keep this under ${max} characters.`);

const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max, `Please keep this under ${max} characters.`)
    .optional()
    .transform((value) => (value ? value : undefined));

/** Step 1 without the credentials (those go to Cognito, never to our API). */
export const applicationAccountSchema = z.object({
  fullName: requiredText('Full name is required', 200),
  companyName: optionalText(200),
  website: optionalText(),
});

export const applicationExperienceSchema = z.object({
  yearsExperience: z.enum(YEARS_EXPERIENCE, { message: 'Experience level is required' }),
  specializations: z
    .array(z.enum(SPECIALIZATIONS, { message: 'Unknown specialization.' }))
    .min(1, 'Select at least one specialization')
    .max(SPECIALIZATIONS.length),
  previousWork: requiredText('Previous work description is required'),
});

export const applicationPortfolioSchema = z.object({
  portfolioDescription: requiredText('Portfolio description is required'),
  sampleProjects: requiredText('Sample projects are required'),
  githubProfile: optionalText(),
  linkedinProfile: optionalText(),
});

export const applicationAgreementSchema = z.object({
  agreeToTerms: z.literal(true, { message: 'You must agree to the terms' }),
  agreeToCommission: z.literal(true, { message: 'You must agree to the commission structure' }),
});

/** `POST /api/seller-applications`: everything but the credentials. */
export const sellerApplicationBodySchema = applicationAccountSchema
  .extend(applicationExperienceSchema.shape)
  .extend(applicationPortfolioSchema.shape)
  .extend(applicationAgreementSchema.shape);
export type SellerApplicationBody = z.input<typeof sellerApplicationBodySchema>;
export type SellerApplicationInput = z.output<typeof sellerApplicationBodySchema>;

export const SELLER_APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;

export interface SellerApplicationReceipt {
  status: (typeof SELLER_APPLICATION_STATUSES)[number];
  submitted_at: string;
}
