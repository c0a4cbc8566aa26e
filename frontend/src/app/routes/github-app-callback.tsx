/** `/github-app-callback`: the GitHub App installation returns here (approved sellers only). */
import { RequireApprovedSeller } from '@/components/require-approved-seller';
import { GithubAppCallbackView } from '@/features/github';

export default function GithubAppCallbackRoute() {
  return (
    <RequireApprovedSeller description="Only approved sellers install the GitHub App to sync their templates.">
      <GithubAppCallbackView />
    </RequireApprovedSeller>
  );
}
