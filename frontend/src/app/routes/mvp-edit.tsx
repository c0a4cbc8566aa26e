/** `/mvp/{mvpId}/edit`: edit a template (owner, admin or both). */
import { useParams } from 'react-router';
import { RequireSignIn } from '@/components/require-sign-in';
import { EditTemplateView } from '@/features/templates';

export default function TemplateEditRoute() {
  const { mvpId } = useParams();
  return (
    <RequireSignIn>
      <EditTemplateView mvpId={mvpId} />
    </RequireSignIn>
  );
}
