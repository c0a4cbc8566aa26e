/** `/mvp/{mvpId}/edit`: edit a template (owner, admin or both). */
import { useParams } from 'react-router';
import { RequireSignIn } from '../../components/require-sign-in';
import { EditMvpView } from '../../features/templates/components/edit-mvp-view';

export default function MvpEditRoute() {
  const { mvpId } = useParams();
  return (
    <RequireSignIn>
      <EditMvpView mvpId={mvpId} />
    </RequireSignIn>
  );
}
