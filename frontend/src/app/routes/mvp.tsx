import { Separator } from '@chakra-ui/react';
import { useParams } from 'react-router';
import { BundleFileTree } from '../../features/downloads/components/bundle-file-tree';
import { DownloadPanel } from '../../features/downloads/components/download-panel';
import { MvpDetailView } from '../../features/mvps/components/mvp-detail-view';
import { ReviewsSection } from '../../features/reviews/components/reviews-section';

/** `/mvp/:mvpId`: the template, with the download and review features composed into its slots. */
export default function MvpRoute() {
  const { mvpId } = useParams();
  return (
    <MvpDetailView
      mvpId={mvpId}
      renderActions={(mvp, refresh) => <DownloadPanel mvp={mvp} onDownloaded={refresh} />}
      renderSections={(mvp, refresh) => (
        <>
          <BundleFileTree mvpId={mvp.id} />
          <Separator />
          <ReviewsSection mvpId={mvp.id} sellerId={mvp.seller.id} onReviewed={refresh} />
        </>
      )}
    />
  );
}
