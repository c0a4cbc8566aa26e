import { Separator } from '@chakra-ui/react';
import { useParams } from 'react-router';
import { BuyTemplateButton } from '@/features/billing/components/buy-template-button';
import { CheckoutCanceledBanner } from '@/features/billing/components/checkout-canceled-banner';
import { DeployButton } from '@/features/deployments/components/deploy-button';
import { BundleFileTree } from '@/features/downloads/components/bundle-file-tree';
import { DownloadPanel } from '@/features/downloads/components/download-panel';
import { TemplateDetailView } from '@/features/catalog/components/template-detail-view';
import { LiveSecurityNotice } from '@/features/security/components/live-security-notice';
import { BuildBadge } from '@/features/builds/components/build-badge';
import { LivePreviewSlot } from '@/features/builds/components/live-preview-slot';
import { SecurityPanel } from '@/features/security/components/security-panel';
import { ReviewsSection } from '@/features/reviews/components/reviews-section';

/**
 * `/mvp/:mvpId`: the template, with the download, billing (a one-time sale's purchase, the
 * canceled-checkout note), security report, build badge, live preview and review features
 * composed into its slots.
 */
export default function TemplateRoute() {
  const { mvpId } = useParams();
  return (
    <TemplateDetailView
      mvpId={mvpId}
      renderActions={(template, refresh) => (
        <>
          <CheckoutCanceledBanner />
          <LiveSecurityNotice mvpId={template.id} />
          <BuildBadge mvpId={template.id} />
          <DownloadPanel
            mvp={template}
            onDownloaded={refresh}
            deploy={(canDeploy, costNote) => (
              <DeployButton
                mvpId={template.id}
                slug={template.slug}
                canDeploy={canDeploy}
                costNote={costNote}
                siteSettings={template.site_settings}
              />
            )}
            purchase={
              template.access_tier === 'one_time_sale' && (
                <BuyTemplateButton mvpId={template.id} price={template.price} />
              )
            }
          />
        </>
      )}
      renderSections={(template, refresh) => (
        <>
          <BundleFileTree mvpId={template.id} accessTier={template.access_tier} />
          <Separator />
          <SecurityPanel mvpId={template.id} />
          <LivePreviewSlot mvpId={template.id} />
          <Separator />
          <ReviewsSection mvpId={template.id} sellerId={template.seller.id} onReviewed={refresh} />
        </>
      )}
    />
  );
}
