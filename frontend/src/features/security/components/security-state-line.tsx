/**
 * My MVPs' one line per template: the newest version's worst severity and count, or "No known
 * vulnerabilities", after the version it is of (the live one, one in review over it, or a first
 * version never live), linking to the full report on the edit page.
 */
import { Badge, HStack, Link, Skeleton, Text } from '@chakra-ui/react';
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
  const { data, isPending, error } = useNewestSecurityReport(mvpId);
  if (isPending) return <Skeleton h="4" w="40%" />;
  const worst = data ? worstSeverity(data.findings) : null;
  const clean = data?.status === 'checked' && data.findings.length === 0;
  const text = data
    ? securityLineText(data)
    : isMissingReport(error)
      ? 'No security report yet'
      : 'Security report not available right now';
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
