/**
 * `/upload` and `/upload?mvpId=`: a new template, or a new
 * version of one. Files go straight to S3 with a real progress bar, then the API registers them
 * and processing starts; on success the seller lands on the dashboard with a message after 1 s.
 * Only approved sellers may upload; the API enforces the same.
 */
import { hasAdminRights, isSellerRole } from '@contract/profile';
import { PageSpinner } from '@/components/page-spinner';
import { SellerApprovalRequired } from '@/components/seller-approval-required';
import { useMyProfile } from '@/lib/my-profile';
import { NewTemplateForm } from './new-template-form';
import { NewVersionForm } from './new-version-form';
import { QueryErrorPage } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';

export function UploadView({ mvpId }: { mvpId?: string }) {
  // Rendered inside RequireSignIn (app/routes/upload.tsx): the caller is signed in.
  const profile = useMyProfile();

  if (profile.isPending) return <PageSpinner />;
  if (profile.isError) {
    return <QueryErrorPage {...failedQueryProps(profile)} py="10" testId="profile-error" />;
  }
  const me = profile.data;
  const approvedSeller = me.is_seller_approved && isSellerRole(me.role);
  // Admin and both (not a beta account) may add versions to any template; new
  // templates are sellers'.
  if (!approvedSeller && !(mvpId && hasAdminRights(me))) return <SellerApprovalRequired />;
  return mvpId ? <NewVersionForm mvpId={mvpId} /> : <NewTemplateForm />;
}
