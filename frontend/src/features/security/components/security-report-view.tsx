/**
 * One version's security report: the headline, the findings grouped by severity (each with its
 * package, summary, fix and a link to the advisory) and, for buyers, what the upload scan checked.
 * The seller's variant says the exact upgrade of each finding instead of the fixed version.
 * Severity is always written out: colour only repeats it.
 */
import { Badge, Heading, HStack, Link, List, Stack, Text } from '@chakra-ui/react';
import { LuExternalLink, LuShieldAlert, LuShieldCheck } from 'react-icons/lu';
import { SEVERITY_LABELS, type SecurityFinding, type SecurityReport } from '@contract/security';
import {
  dependencyKind,
  fixText,
  groupBySeverity,
  lockFilesSentence,
  securityHeadline,
  unreadableHeading,
  unreadableLockFileLines,
  SEVERITY_PALETTES,
  upgradeText,
  uploadScanSentence,
} from '../lib/security-text';

export interface SecurityReportViewProps {
  report: SecurityReport;
  /** `seller`: "Upgrade x from a to b" per finding; `buyer`: the fixed version. */
  audience?: 'buyer' | 'seller' | 'admin';
  /** The heading level of the severity groups (the panel's own heading is one above). */
  headingLevel?: 'h3' | 'h4';
}

function FindingItem({ finding, seller }: { finding: SecurityFinding; seller: boolean }) {
  return (
    <List.Item data-testid="security-finding" data-advisory={finding.advisory_id}>
      <Stack gap="1">
        <HStack gap="2" flexWrap="wrap">
          <Badge colorPalette={SEVERITY_PALETTES[finding.severity]} variant="subtle">
            {SEVERITY_LABELS[finding.severity]}
          </Badge>
          <Text as="span" fontWeight="semibold" fontFamily="mono" wordBreak="break-all">
            {finding.package}@{finding.version}
          </Text>
          <Text as="span" fontSize="sm" color="fg.muted">
            {dependencyKind(finding)}
          </Text>
        </HStack>
        <Text fontSize="sm">{finding.summary}</Text>
        <HStack gap="3" fontSize="sm" flexWrap="wrap">
          <Text as="span" fontWeight="medium" data-testid="security-fix">
            {seller ? upgradeText(finding) : fixText(finding)}
          </Text>
          <Link
            href={finding.url}
            target="_blank"
            rel="noopener noreferrer"
            color="purple.fg"
            aria-label={`Advisory ${finding.advisory_id} (opens in a new tab)`}
          >
            {finding.advisory_id} <LuExternalLink />
          </Link>
        </HStack>
      </Stack>
    </List.Item>
  );
}

export function SecurityReportView({
  report,
  audience = 'buyer',
  headingLevel = 'h3',
}: SecurityReportViewProps) {
  const clean = report.status === 'checked' && report.findings.length === 0;
  const groups = groupBySeverity(report.findings);
  const readFrom = lockFilesSentence(report);
  const unreadable = unreadableLockFileLines(report);
  return (
    <Stack gap="4" data-testid="security-report" data-status={report.status}>
      <HStack gap="2" align="start">
        <Text as="span" mt="1" color={clean ? 'green.fg' : 'fg.muted'} aria-hidden="true">
          {clean ? <LuShieldCheck /> : <LuShieldAlert />}
        </Text>
        <Text fontWeight="medium" data-testid="security-headline">
          {securityHeadline(report)}
        </Text>
      </HStack>
      {readFrom && (
        <Text fontSize="sm" color="fg.muted" data-testid="security-lock-files">
          {readFrom}
        </Text>
      )}
      {unreadable.length > 0 && (
        <Stack gap="1" data-testid="security-unreadable">
          <Text fontSize="sm" fontWeight="medium">
            {unreadableHeading(unreadable.length)}
          </Text>
          <List.Root fontSize="sm" ps="5">
            {unreadable.map((line) => (
              <List.Item key={line} wordBreak="break-word">
                {line}
              </List.Item>
            ))}
          </List.Root>
        </Stack>
      )}
      {groups.map((group) => (
        <Stack key={group.severity} gap="2">
          <Heading as={headingLevel} size="sm">
            {group.label} ({group.findings.length})
          </Heading>
          <List.Root variant="plain" gap="3">
            {group.findings.map((finding) => (
              <FindingItem
                key={`${finding.advisory_id}:${finding.package}@${finding.version}`}
                finding={finding}
                seller={audience === 'seller'}
              />
            ))}
          </List.Root>
        </Stack>
      ))}
      {audience === 'buyer' && (
        <Text fontSize="sm" color="fg.muted" data-testid="upload-scan">
          {uploadScanSentence(report)}
        </Text>
      )}
    </Stack>
  );
}
