/**
 * The edit page's Security section for the template's seller: the full report of the live
 * version and of a newer version in processing or review, each finding with the exact upgrade
 * that fixes it. My MVPs' one-line state links here (`#security`).
 */
import { Card, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { SECURITY_MESSAGES } from '@contract/security';
import { VERSION_STATUS_LABELS, type PendingVersionSummary } from '@contract/template-versions';
import type { SecurityReport } from '@contract/security';
import {
  isMissingReport,
  useLiveSecurityReport,
  useVersionSecurityReport,
} from '../api/get-security-report';
import { SecurityReportView } from './security-report-view';

/** The anchor of the section, for links from My MVPs. */
export const SECURITY_SECTION_ID = 'security';

interface ReportState {
  data: SecurityReport | undefined;
  isPending: boolean;
  error: Error | null;
}

function VersionReport({ title, state }: { title: string; state: ReportState }) {
  return (
    <Stack gap="2" data-testid="seller-security-version">
      <Heading as="h3" size="md">
        {title}
      </Heading>
      {state.isPending ? (
        <Skeleton h="4" w="60%" />
      ) : state.data ? (
        <SecurityReportView report={state.data} audience="seller" headingLevel="h4" />
      ) : (
        <Text color="fg.muted">
          {isMissingReport(state.error)
            ? SECURITY_MESSAGES.notFound
            : 'The security report is not available right now.'}
        </Text>
      )}
    </Stack>
  );
}

export interface SellerSecuritySectionProps {
  mvpId: string;
  /** The live version's number, when the template is live. */
  liveVersion: string | null;
  pendingVersion: PendingVersionSummary | null;
}

export function SellerSecuritySection({
  mvpId,
  liveVersion,
  pendingVersion,
}: SellerSecuritySectionProps) {
  const live = useLiveSecurityReport(mvpId, { enabled: liveVersion !== null });
  const inProgress =
    pendingVersion && ['processing', 'pending_review'].includes(pendingVersion.status)
      ? pendingVersion
      : null;
  const pending = useVersionSecurityReport(mvpId, inProgress?.id ?? null);
  if (!liveVersion && !inProgress) return null;
  return (
    <Stack gap="3" as="section" id={SECURITY_SECTION_ID} aria-labelledby="seller-security">
      <Heading as="h2" size="lg" id="seller-security">
        Security
      </Heading>
      <Card.Root variant="outline">
        <Card.Body p="4" gap="6" data-testid="seller-security">
          {liveVersion && <VersionReport title={`Live version ${liveVersion}`} state={live} />}
          {inProgress && (
            <VersionReport
              title={`Version ${inProgress.version_number} (${VERSION_STATUS_LABELS[inProgress.status]})`}
              state={pending}
            />
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
