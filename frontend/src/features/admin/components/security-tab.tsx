/**
 * The admin's Security tab: every live template whose live version has known vulnerabilities,
 * most severe first, each with its advisories (package, pinned version, the release that fixes
 * it), how many buyers hold that version, and a link to the template's Security panel.
 */
import { Badge, Card, HStack, Heading, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { SEVERITY_LABELS } from '@contract/security';
import type { LiveTemplateAdvisories } from '@contract/security-alerts';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { formatCount, formatDateTime } from '@/lib/format';
import { paths } from '@/config/paths';
import { useLiveAdvisories, countsText, SEVERITY_PALETTES } from '@/features/security';

export default function SecurityTab() {
  const list = useLiveAdvisories();
  return (
    <Stack gap="5" data-testid="admin-security" aria-busy={list.isPending}>
      <Heading as="h2" size="lg">
        Live templates with known vulnerabilities
      </Heading>
      {list.isPending ? (
        <Skeleton h="40" />
      ) : list.isError ? (
        <QueryError {...failedQueryProps(list)} testId="admin-security-error" />
      ) : list.data.items.length === 0 ? (
        <Text color="fg.muted" py="6" data-testid="no-live-advisories">
          No live template has a known vulnerability.
        </Text>
      ) : (
        <Stack gap="3">
          {list.data.items.map((item) => (
            <AdvisoryCard key={item.mvp_id} item={item} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function AdvisoryCard({ item }: { item: LiveTemplateAdvisories }) {
  const href = `${paths.mvp.getHref(item.mvp_id)}#security`;
  return (
    <Card.Root size="sm" variant="outline" data-testid="live-advisory" data-mvp-id={item.mvp_id}>
      <Card.Body>
        <Stack gap="2">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <HStack gap="2" wrap="wrap">
              <Badge colorPalette={SEVERITY_PALETTES[item.severity]} data-severity={item.severity}>
                {SEVERITY_LABELS[item.severity]}
              </Badge>
              <Link asChild fontWeight="semibold">
                <RouterLink to={href}>
                  {item.title} {item.version_number}
                </RouterLink>
              </Link>
              <Text fontSize="sm" color="fg.muted">
                {item.seller_username ? `by @${item.seller_username}` : 'seller without a username'}
              </Text>
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {item.checked_at ? `Checked ${formatDateTime(item.checked_at)}` : 'Not checked yet'}
            </Text>
          </HStack>
          <Text fontSize="sm">
            {countsText({ findings: item.advisories, counts: item.counts })}.{' '}
            {item.holders === 0
              ? 'No buyer holds this version yet.'
              : `${formatCount(item.holders)} ${item.holders === 1 ? 'buyer holds' : 'buyers hold'} this version.`}
          </Text>
          <Stack as="ul" gap="1" fontSize="sm" ps="4">
            {item.advisories.map((advisory) => (
              <Text as="li" key={`${advisory.advisory_id}-${advisory.package}-${advisory.version}`}>
                <Link href={advisory.url} target="_blank" rel="noreferrer">
                  {advisory.advisory_id}
                </Link>{' '}
                ({SEVERITY_LABELS[advisory.severity].toLowerCase()}) in {advisory.package}{' '}
                {advisory.version}:{' '}
                {advisory.fixed_version
                  ? `fixed in ${advisory.fixed_version}`
                  : 'no fix published yet'}
                .
              </Text>
            ))}
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
