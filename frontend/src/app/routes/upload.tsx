/** `/upload` (new template) and `/upload?mvpId=` (new version). */
import { useSearchParams } from 'react-router';
import { UploadView } from '../../features/upload/components/upload-view';

export default function UploadRoute() {
  const [search] = useSearchParams();
  const mvpId = search.get('mvpId') ?? undefined;
  return <UploadView key={mvpId ?? 'new'} mvpId={mvpId} />;
}
