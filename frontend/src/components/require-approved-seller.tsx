/**
 * Pages for approved sellers only (Connect Stripe, Payouts): signed out, a
 * redirect to /auth that brings the person back; signed in but not an approved seller, 'Seller
 * Approval Required'. The API checks the same on every call (the route table's access policy);
 * this only decides what to show.
 */
import type { ReactNode } from 'react';
import { isSellerRole } from '@contract/profile';
import { useMyProfile } from '../lib/my-profile';
import { PageSpinner } from './page-spinner';
import { RequireSignIn } from './require-sign-in';
import { SellerApprovalRequired } from './seller-approval-required';
import { QueryErrorPage } from './query-error';
import { failedQueryProps } from '../lib/query-retry';

function ApprovedSellerGate({ children, description }: RequireApprovedSellerProps) {
  const profile = useMyProfile();
  if (profile.isPending) return <PageSpinner />;
  if (profile.isError) {
    return <QueryErrorPage {...failedQueryProps(profile)} testId="profile-error" />;
  }
  if (!profile.data.is_seller_approved || !isSellerRole(profile.data.role)) {
    return <SellerApprovalRequired description={description} />;
  }
  return children;
}

export interface RequireApprovedSellerProps {
  children: ReactNode;
  /** What the page offers, for the approval notice. */
  description?: string;
}

export function RequireApprovedSeller(props: RequireApprovedSellerProps) {
  return (
    <RequireSignIn>
      <ApprovedSellerGate {...props} />
    </RequireSignIn>
  );
}
