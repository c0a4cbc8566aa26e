/**
 * Seller applications (seller spec §2, §3): a signed-in applicant's application, stored pending
 * until an admin approves the seller (the admin issue).
 */
import { ensureProfile } from '../profiles/service';
import { isApprovedSeller } from '../shared/auth/access';
import type { AuthContext } from '../shared/auth/claims';
import type {
  SellerApplicationInput,
  SellerApplicationReceipt,
} from '../shared/contracts/seller-applications';
import { ConflictError } from '../shared/errors';
import { putSellerApplication } from './repo';

export const ALREADY_SELLER_MESSAGE = 'You are already an approved seller.';

/**
 * Stores the caller's seller application (A1). The account itself was created by Cognito sign-up
 * with the seller role, so the profile (created here on first sight) is a seller, not approved.
 */
export const submitSellerApplication = async (
  auth: AuthContext,
  input: SellerApplicationInput,
): Promise<SellerApplicationReceipt> => {
  const profile = await ensureProfile(auth);
  if (isApprovedSeller(profile)) throw new ConflictError(ALREADY_SELLER_MESSAGE);
  const submittedAt = new Date().toISOString();
  await putSellerApplication({
    user_id: auth.userId,
    email: profile.email,
    full_name: input.fullName,
    company_name: input.companyName,
    website: input.website,
    github_profile: input.githubProfile,
    linkedin_profile: input.linkedinProfile,
    years_experience: input.yearsExperience,
    specializations: input.specializations,
    previous_work: input.previousWork,
    portfolio_description: input.portfolioDescription,
    sample_projects: input.sampleProjects,
    agreed_to_terms: input.agreeToTerms,
    agreed_to_commission: input.agreeToCommission,
    status: 'pending',
    submitted_at: submittedAt,
  });
  return { status: 'pending', submitted_at: submittedAt };
};
