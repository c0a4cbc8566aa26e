import { DISPUTE_MESSAGES } from '@contract/disputes';
import { RequestPage } from '@/components/request-page';
import type { FailedQuery } from '@/lib/query-retry';
import { DisputeForm, type DisputableTemplate } from './dispute-form';
import { DisputeHistory } from './dispute-history';

export interface DisputeViewProps {
  /** Templates the buyer downloaded, loaded by the route. */
  templates: readonly DisputableTemplate[] | undefined;
  templatesLoading: boolean;
  /** The failed query when they could not be loaded. */
  templatesFailed: FailedQuery | undefined;
  initialMvpId?: string;
}

/** `/dispute/{mvpId?}`: tabs New Dispute and Dispute History. */
export function DisputeView({
  templates,
  templatesLoading,
  templatesFailed,
  initialMvpId,
}: DisputeViewProps) {
  return (
    <RequestPage
      title="Disputes"
      description="Report a problem with an MVP you downloaded."
      newTabLabel="New Dispute"
      historyTabLabel="Dispute History"
      choices={{
        items: templates,
        loading: templatesLoading,
        failed: templatesFailed,
        failedMessage: DISPUTE_MESSAGES.loadDownloadsFailed,
      }}
      renderForm={(choices) => <DisputeForm templates={choices} initialMvpId={initialMvpId} />}
      history={<DisputeHistory />}
    />
  );
}
