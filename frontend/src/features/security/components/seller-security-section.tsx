/**
 * The edit page's Security section for the template's seller: the full report of the newest
 * version (the live one, one in processing or review over it, or a first version that never went
 * live), labelled with its version, and the live version's beside it when that is another, each
 * finding with the exact upgrade that fixes it. My MVPs' one-line state links here (`#security`).
 */
import { Card, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { SECURITY_MESSAGES } from '@contract/security';
import type { SecurityReport } from '@contract/security';
import {
  isMissingReport,
  useLiveSecurityReport,
  useNewestSecurityReport,
} from '../api/get-security-report';
import { reportVersionTitle, type TemplateStanding } from '../lib/security-text';
import { SecurityReportView } from './security-report-view';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';

/** The anchor of the section, for links from My MVPs. */
export const SECURITY_SECTION_ID = 'security';

interface ReportState {
  data: SecurityReport | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
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
      ) : isMissingReport(state.error) ? (
        <Text color="fg.muted">{SECURITY_MESSAGES.notFound}</Text>
      ) : (
        <QueryError {...failedQueryProps(state)} testId="security-report-error" />
      )}
    </Stack>
  );
}

export interface SellerSecuritySectionProps extends TemplateStanding {
  mvpId: string;
}

export function SellerSecuritySection(props: SellerSecuritySectionProps) {
  const { mvpId, liveVersion } = props;
  const newest = useNewestSecurityReport(mvpId);
  const live = useLiveSecurityReport(mvpId, { enabled: liveVersion !== null });
  if (newest.isPending) return null;
  const report = newest.data;
  // No report yet (still processing): the live version's alone, or no section.
  const showNewest = Boolean(report) || !isMissingReport(newest.error);
  if (!showNewest && !liveVersion) return null;
  const newestTitle = report ? reportVersionTitle(report, props) : 'Newest version';
  return (
    <Stack gap="3" as="section" id={SECURITY_SECTION_ID} aria-labelledby="seller-security">
      <Heading as="h2" size="lg" id="seller-security">
        Security
      </Heading>
      <Card.Root variant="outline">
        <Card.Body p="4" gap="6" data-testid="seller-security">
          {showNewest && <VersionReport title={newestTitle} state={newest} />}
          {liveVersion && report?.version_number !== liveVersion && (
            <VersionReport title={`Live version ${liveVersion}`} state={live} />
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
