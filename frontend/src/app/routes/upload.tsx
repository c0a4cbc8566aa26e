/** `/upload` (new template) and `/upload?mvpId=` (new version). */
import { useSearchParams } from 'react-router';
import { RequireSignIn } from '@/components/require-sign-in';
import { UploadView } from '@/features/templates';

export default function UploadRoute() {
  const [search] = useSearchParams();
  const templateId = search.get('mvpId') ?? undefined;
  return (
    <RequireSignIn>
      <UploadView key={templateId ?? 'new'} mvpId={templateId} />
    </RequireSignIn>
  );
}
