/**
 * Seller applications: the four-step wizard's schemas, shared by the API
 * and the wizard, with the product's own texts.
 */
import * as z from 'zod';
import { text } from './text';

// Seller application

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

/** Where the applicant lands once the application is stored (signed in, on the dashboard). */
export const APPLICATION_SUBMITTED_MESSAGE =
  'Application submitted! Your seller application will be reviewed in 2-3 business days.';

const requiredText = (label: string, message: string, max = 5_000, multiline = true) =>
  text({ label, multiline }).min(1, message).max(max, `Please keep this under ${max} characters.`);

const optionalText = (label: string, max = 500) =>
  text({ label })
    .max(max, `Please keep this under ${max} characters.`)
    .optional()
    .transform((value) => (value ? value : undefined));

/** Step 1 without the credentials (those go to Cognito, never to our API). */
export const applicationAccountSchema = z.object({
  fullName: requiredText('Full name', 'Full name is required', 200, false),
  companyName: optionalText('Company name', 200),
  website: optionalText('Website'),
});

export const applicationExperienceSchema = z.object({
  yearsExperience: z.enum(YEARS_EXPERIENCE, { message: 'Experience level is required' }),
  specializations: z
    .array(z.enum(SPECIALIZATIONS, { message: 'Unknown specialization.' }))
    .min(1, 'Select at least one specialization')
    .max(SPECIALIZATIONS.length),
  previousWork: requiredText('Previous work', 'Previous work description is required'),
});

export const applicationPortfolioSchema = z.object({
  portfolioDescription: requiredText('Portfolio description', 'Portfolio description is required'),
  sampleProjects: requiredText('Sample projects', 'Sample projects are required'),
  githubProfile: optionalText('GitHub profile'),
  linkedinProfile: optionalText('LinkedIn profile'),
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

export type SellerApplicationStatus = (typeof SELLER_APPLICATION_STATUSES)[number];

export interface SellerApplicationReceipt {
  status: SellerApplicationStatus;
  submitted_at: string;
}

export const SELLER_APPLICATION_MESSAGES = {
  alreadyPending: 'You already have an application under review.',
  alreadySeller: 'You are already an approved seller.',
  notFound: 'This user has no seller application.',
  alreadyDecided: 'This application has already been decided. Reload to see its state.',
  reasonRequired: 'Please give the applicant a reason for the rejection.',
  decisionInvalid: 'decision must be approve or reject.',
  decisionFailed: 'The decision could not be saved. Please try again.',
} as const;

/**
 * `GET /api/seller-applications/mine`: where the caller's application stands, so the wizard and
 * the dashboard know whether to offer it, say it is under review, or show why it was declined.
 */
export type MySellerApplication =
  | { status: 'none' }
  | { status: 'pending'; submitted_at: string; full_name: string }
  | {
      status: 'rejected';
      submitted_at: string;
      reviewed_at: string;
      full_name: string;
      /** The admin's words to the applicant. */
      reason: string;
    }
  | { status: 'approved'; submitted_at: string; reviewed_at: string; full_name: string };

/** One application in the admin queue: everything the applicant told us, and its decision. */
export interface AdminSellerApplication {
  user_id: string;
  email: string;
  full_name: string;
  company_name: string | null;
  website: string | null;
  github_profile: string | null;
  linkedin_profile: string | null;
  years_experience: YearsExperience;
  specializations: string[];
  previous_work: string;
  portfolio_description: string;
  sample_projects: string;
  status: SellerApplicationStatus;
  submitted_at: string;
  reviewed_at: string | null;
  rejection_reason: string | null;
}

/** `GET /api/admin/seller-applications`: pending ones first (oldest first), then decided ones (newest first). */
export interface AdminSellerApplicationList {
  items: AdminSellerApplication[];
}

export const SELLER_APPLICATION_DECISIONS = ['approve', 'reject'] as const;
export type SellerApplicationDecision = (typeof SELLER_APPLICATION_DECISIONS)[number];

export const sellerApplicationPathSchema = z.object({
  userId: z.string().trim().min(1, 'The user id is missing.').max(128, 'The user id is malformed.'),
});

/** `POST /api/admin/seller-applications/{userId}/decision`: a rejection carries its reason. */
export const sellerApplicationDecisionSchema = z
  .object({
    decision: z.enum(SELLER_APPLICATION_DECISIONS, {
      error: SELLER_APPLICATION_MESSAGES.decisionInvalid,
    }),
    reason: text({
      label: 'The reason',
      multiline: true,
      error: SELLER_APPLICATION_MESSAGES.reasonRequired,
    })
      .max(1_000, 'Please keep the reason under 1000 characters.')
      .optional(),
  })
  .superRefine((value, context) => {
    if (value.decision === 'reject' && !value.reason) {
      context.addIssue({
        code: 'custom',
        path: ['reason'],
        message: SELLER_APPLICATION_MESSAGES.reasonRequired,
      });
    }
  });
export type SellerApplicationDecisionBody = z.input<typeof sellerApplicationDecisionSchema>;
