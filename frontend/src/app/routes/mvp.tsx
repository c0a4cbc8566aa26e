import { Separator } from '@chakra-ui/react';
import { useParams } from 'react-router';
import { BuyTemplateButton } from '../../features/billing/components/buy-template-button';
import { CheckoutCanceledBanner } from '../../features/billing/components/checkout-canceled-banner';
import { DeployButton } from '../../features/deployments/components/deploy-button';
import { BundleFileTree } from '../../features/downloads/components/bundle-file-tree';
import { DownloadPanel } from '../../features/downloads/components/download-panel';
import { MvpDetailView } from '../../features/mvps/components/mvp-detail-view';
import { ReviewsSection } from '../../features/reviews/components/reviews-section';

/**
 * `/mvp/:mvpId`: the template, with the download, billing (a one-time sale's purchase, the
 * canceled-checkout note) and review features composed into its slots.
 */
export default function MvpRoute() {
  const { mvpId } = useParams();
  return (
    <MvpDetailView
      mvpId={mvpId}
      renderActions={(mvp, refresh) => (
        <>
          <CheckoutCanceledBanner />
          <DownloadPanel
            mvp={mvp}
            onDownloaded={refresh}
            deploy={(canDeploy, costNote) => (
              <DeployButton
                mvpId={mvp.id}
                slug={mvp.slug}
                canDeploy={canDeploy}
                costNote={costNote}
              />
            )}
            purchase={
              mvp.access_tier === 'one_time_sale' && (
                <BuyTemplateButton mvpId={mvp.id} price={mvp.price} />
              )
            }
          />
        </>
      )}
      renderSections={(mvp, refresh) => (
        <>
          <BundleFileTree mvpId={mvp.id} accessTier={mvp.access_tier} />
          <Separator />
          <ReviewsSection mvpId={mvp.id} sellerId={mvp.seller.id} onReviewed={refresh} />
        </>
      )}
    />
  );
}
