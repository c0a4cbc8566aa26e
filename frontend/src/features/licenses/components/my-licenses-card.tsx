/**
 * The buyer dashboard's licences: one certificate per template downloaded or bought,
 * each linking to its public page, which anyone can be shown to verify it.
 */
import { Card, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { useMyLicenses } from '../api/get-my-licenses';
import { formatIssuedDate, sourceLabel } from '../lib/license-format';
import { LicenseLinkBadge } from '@/components/licence-link-badge';

export function MyLicensesCard() {
  const licenses = useMyLicenses();
  return (
    <Card.Root variant="outline" data-testid="my-licenses">
      <Card.Header>
        <Heading size="md">Licences</Heading>
        <Text fontSize="sm" color="fg.muted">
          What you may do with each template you downloaded or bought.
        </Text>
      </Card.Header>
      <Card.Body>
        {licenses.isError ? (
          <QueryError {...failedQueryProps(licenses)} testId="my-licenses-error" />
        ) : licenses.isPending ? (
          <Text color="fg.muted">Loading…</Text>
        ) : licenses.data.length === 0 ? (
          <Text color="fg.muted">No licences yet: each template you download comes with one.</Text>
        ) : (
          <Stack as="ul" gap="3" aria-label="Your licences">
            {licenses.data.map((license) => (
              <HStack
                as="li"
                key={license.id}
                justify="space-between"
                align="start"
                gap="3"
                data-testid="license-row"
              >
                <Stack gap="0" minW="0">
                  <Link asChild colorPalette="purple" fontWeight="medium">
                    <RouterLink to={paths.license.getHref(license.id)}>
                      {license.mvp_title}
                    </RouterLink>
                  </Link>
                  <Text fontSize="sm" color="fg.muted">
                    Version {license.version_number} · {sourceLabel(license)} · issued{' '}
                    {formatIssuedDate(license.issued_at)}
                  </Text>
                </Stack>
                <LicenseLinkBadge variant="outline" flexShrink={0}>
                  {license.terms_title}
                </LicenseLinkBadge>
              </HStack>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
