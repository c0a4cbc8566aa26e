import { useParams } from 'react-router';
import { MvpDetailView } from '../../features/mvps/components/mvp-detail-view';

export default function MvpRoute() {
  const { mvpId } = useParams();
  return <MvpDetailView mvpId={mvpId} />;
}
