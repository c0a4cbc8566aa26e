/**
 * The demo's seller application: applicant@demo.local, a buyer, has applied to sell and waits in
 * the admin's Applications tab. Submitted through the product's own service, as the wizard does.
 *
 * Idempotent: an account with an application (pending or decided since) is left alone, so an
 * admin's decision stays decided on the next start.
 */
import {
  getMySellerApplication,
  submitSellerApplication,
} from '../../../lambdas/seller-applications/service';
import type { SellerApplicationInput } from '../../../contract/seller-applications';

export const DEMO_APPLICATION: SellerApplicationInput = {
  fullName: 'Priya Shah',
  companyName: 'Northwind Studio',
  website: 'https://northwind.example.com',
  yearsExperience: '6-10',
  specializations: ['Full Stack Development', 'E-commerce'],
  previousWork:
    'Eight years building storefronts and booking systems for small businesses, most recently a multi-vendor marketplace on Next.js and Stripe Connect.',
  portfolioDescription:
    'Three open-source starters with a few hundred stars each: a shop, a booking calendar and an admin dashboard, all typed end to end.',
  sampleProjects:
    'https://github.com/northwind-studio/shop-starter, https://github.com/northwind-studio/booking-kit',
  githubProfile: 'https://github.com/northwind-studio',
  linkedinProfile: undefined,
  agreeToTerms: true,
  agreeToCommission: true,
};

/** Files the demo applicant's application unless they have one. Returns whether it did. */
export const seedSellerApplication = async (applicant: {
  sub: string;
  email: string;
}): Promise<boolean> => {
  if ((await getMySellerApplication(applicant.sub)).status !== 'none') return false;
  await submitSellerApplication(
    { userId: applicant.sub, email: applicant.email, groups: [], signUpRole: null },
    DEMO_APPLICATION,
  );
  return true;
};
