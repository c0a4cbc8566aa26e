import { useMemo } from 'react';
import { useParams } from 'react-router';
import { RequireSignIn } from '@/components/require-sign-in';
import { downloadedTemplates, useMyDownloads } from '@/features/downloads';
import { DisputeView } from '@/features/disputes';

function DisputePage() {
  const { mvpId } = useParams();
  const downloads = useMyDownloads();
  const templates = useMemo(
    () => (downloads.data ? downloadedTemplates(downloads.data) : undefined),
    [downloads.data],
  );
  return (
    <DisputeView
      // A new URL (another template's "report a problem") starts a fresh form.
      key={mvpId ?? ''}
      templates={templates}
      templatesLoading={downloads.isPending}
      templatesFailed={downloads.isError ? downloads : undefined}
      initialMvpId={mvpId}
    />
  );
}

export default function DisputeRoute() {
  return (
    <RequireSignIn>
      <DisputePage />
    </RequireSignIn>
  );
}
