/**
 * A version's report in the admin's review queue: counts and findings, or why there is none.
 */
import { Box, Skeleton, Text } from '@chakra-ui/react';
import { SECURITY_MESSAGES, type SecurityReport } from '@contract/security';
import { isMissingReport } from '../api/get-security-report';
import { SecurityReportView } from './security-report-view';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';

export interface VersionSecurityBoxProps {
  state: {
    data: SecurityReport | undefined;
    isPending: boolean;
    isFetching: boolean;
    error: Error | null;
    refetch: () => unknown;
  };
}

export function VersionSecurityBox({ state }: VersionSecurityBoxProps) {
  return (
    <Box borderWidth="1px" rounded="md" p="3" data-testid="admin-security">
      <Text fontWeight="semibold" fontSize="sm" mb="2">
        Security
      </Text>
      {state.isPending ? (
        <Skeleton h="4" w="50%" />
      ) : state.data ? (
        <SecurityReportView report={state.data} audience="admin" headingLevel="h4" />
      ) : isMissingReport(state.error) ? (
        <Text fontSize="sm" color="fg.muted">
          {SECURITY_MESSAGES.notFound}
        </Text>
      ) : (
        <QueryError {...failedQueryProps(state)} testId="security-report-error" />
      )}
    </Box>
  );
}
