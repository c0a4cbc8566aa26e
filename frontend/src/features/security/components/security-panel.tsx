/**
 * The template page's Security panel: the live version's report (dependencies checked against
 * the published advisories, and what the upload scan checked), with the page's loading and
 * error states. It is the page's `#security`: the cards' badges, the alerts and the buy panel's
 * notice link here, and a page opened at that address scrolls to it once the report is in.
 */
import { Card, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { SECURITY_MESSAGES } from '@contract/security';
import { isMissingReport, useLiveSecurityReport } from '../api/get-security-report';
import { SecurityReportView } from './security-report-view';
import { UPLOAD_SCAN_CHECKS } from '../lib/security-text';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';

export function SecurityPanel({ mvpId }: { mvpId: string }) {
  const report = useLiveSecurityReport(mvpId);
  const { data, isPending, error } = report;
  const { hash } = useLocation();
  const section = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hash === '#security' && !isPending) section.current?.scrollIntoView({ block: 'start' });
  }, [hash, isPending]);
  return (
    <Stack
      gap="3"
      as="section"
      aria-labelledby="security-heading"
      id="security"
      ref={section}
      scrollMarginTop="20"
    >
      <Heading as="h2" size="lg" id="security-heading">
        Security
      </Heading>
      <Card.Root variant="outline">
        <Card.Body p="4" data-testid="security-panel">
          {isPending ? (
            <Stack gap="2" aria-busy="true">
              <Skeleton h="4" w="60%" />
              <Skeleton h="4" w="40%" />
            </Stack>
          ) : error ? (
            <Stack gap="2">
              {isMissingReport(error) ? (
                <Text color="fg.muted">{SECURITY_MESSAGES.notFound}</Text>
              ) : (
                <QueryError {...failedQueryProps(report)} testId="security-report-error" />
              )}
              <Text fontSize="sm" color="fg.muted">
                Every live version passed the upload scan: {UPLOAD_SCAN_CHECKS.join('; ')}.
              </Text>
            </Stack>
          ) : (
            <SecurityReportView report={data} />
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
