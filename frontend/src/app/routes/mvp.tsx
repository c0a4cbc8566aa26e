import { Separator } from '@chakra-ui/react';
import { useParams } from 'react-router';
import { BuyTemplateButton, CheckoutCanceledBanner } from '@/features/billing';
import { DeployButton } from '@/features/deployments';
import { BundleFileTree, DownloadPanel } from '@/features/downloads';
import { TemplateDetailView } from '@/features/catalog';
import { LiveSecurityNotice, SecurityPanel } from '@/features/security';
import { BuildBadge, LivePreviewSlot } from '@/features/builds';
import { ReviewsSection } from '@/features/reviews';

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
