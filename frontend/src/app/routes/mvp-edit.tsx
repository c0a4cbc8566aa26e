/** `/mvp/{mvpId}/edit`: edit a template (owner, admin or both). */
import { useParams } from 'react-router';
import { EditMvpView } from '../../features/mvp-edit/components/edit-mvp-view';

export default function MvpEditRoute() {
  const { mvpId } = useParams();
  return <EditMvpView mvpId={mvpId} />;
}
