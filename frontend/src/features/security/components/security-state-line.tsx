/**
 * My MVPs' one line per template: the newest version's worst severity and count, or "No known
 * vulnerabilities", after the version it is of (the live one, one in review over it, or a first
 * version never live), linking to the full report on the edit page.
 */
import { Badge, Button, HStack, Link, Skeleton, Text } from '@chakra-ui/react';
import { TRY_AGAIN_LABEL } from '@/components/query-error';
import { errorMessage } from '@/lib/api-error';
import { Link as RouterLink } from 'react-router';
import { LuShieldAlert, LuShieldCheck } from 'react-icons/lu';
import { SEVERITY_LABELS, worstSeverity } from '@contract/security';
import { isMissingReport, useNewestSecurityReport } from '../api/get-security-report';
import { securityLineText, SEVERITY_PALETTES } from '../lib/security-text';

export interface SecurityStateLineProps {
  mvpId: string;
  /** Where the full report is (the edit page's Security section). */
  reportHref: string;
}

export function SecurityStateLine({ mvpId, reportHref }: SecurityStateLineProps) {
  const report = useNewestSecurityReport(mvpId);
  const { data, isPending, error } = report;
  if (isPending) return <Skeleton h="4" w="40%" />;
  if (error && !isMissingReport(error)) {
    // One line on a card: the API's words and a small Try again, not a full alert per card.
    return (
      <HStack gap="2" fontSize="sm" data-testid="security-state" flexWrap="wrap">
        <Text color="fg.error">{errorMessage(error)}</Text>
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          loading={report.isFetching}
          onClick={() => void report.refetch()}
        >
          {TRY_AGAIN_LABEL}
        </Button>
      </HStack>
    );
  }
  const worst = data ? worstSeverity(data.findings) : null;
  const clean = data?.status === 'checked' && data.findings.length === 0;
  const text = data ? securityLineText(data) : 'No security report yet';
  return (
    <HStack gap="2" fontSize="sm" data-testid="security-state" flexWrap="wrap">
      <Text as="span" color={clean ? 'green.fg' : 'fg.muted'} aria-hidden="true">
        {clean ? <LuShieldCheck /> : <LuShieldAlert />}
      </Text>
      {worst && (
        <Badge colorPalette={SEVERITY_PALETTES[worst]} variant="subtle">
          {SEVERITY_LABELS[worst]}
        </Badge>
      )}
      <Link asChild color="purple.fg">
        <RouterLink to={reportHref}>{text}</RouterLink>
      </Link>
    </HStack>
  );
}
