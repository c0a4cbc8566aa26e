/**
 * `/licenses/:licenseId` (public): a licence certificate anyone holding its id can
 * open to check it: who may use which template (and version), under which terms in plain words,
 * since when, and what granted it. The API answers only for licences it issued: the page says it
 * is valid, "Refunded on <date>" once the payment behind it was refunded, or "Disputed on <date>"
 * while its payment is disputed with the card issuer or once that dispute is lost (docs/product.md,
 * Access to a template's files).
 */
import type { ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  Container,
  DataList,
  Heading,
  Link,
  Separator,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { LuShieldCheck } from 'react-icons/lu';
import { LICENSE_MESSAGES, type License } from '@contract/licenses';
import { PageSpinner } from '@/components/page-spinner';
import { ErrorPage } from '@/components/error-page';
import { paths } from '@/config/paths';
import { useLicense } from '../api/get-license';
import { QueryErrorPage } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import {
  formatIssuedDate,
  grantedBy,
  isLicenseMissing,
  licenseFailure,
} from '../lib/license-format';

/** Valid, or refunded or disputed with the date: what the certificate still records either way. */
function LicenseStatusAlert({
  refundedAt,
  disputedAt,
}: {
  refundedAt: string | null;
  disputedAt: string | null;
}) {
  if (!refundedAt && disputedAt) {
    return (
      <Alert.Root status="warning" data-testid="license-disputed">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{LICENSE_MESSAGES.disputed}</Alert.Title>
          <Alert.Description>
            Disputed on {formatIssuedDate(disputedAt)}. If the dispute is decided in favour of the
            payment, the licence is valid again. This page keeps the record of what was issued.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  return refundedAt ? (
    <Alert.Root status="warning" data-testid="license-refunded">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{LICENSE_MESSAGES.refunded}</Alert.Title>
        <Alert.Description>
          Refunded on {formatIssuedDate(refundedAt)}. This page keeps the record of what was issued.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  ) : (
    <Alert.Root status="success" data-testid="license-verified">
      <Alert.Indicator>
        <LuShieldCheck />
      </Alert.Indicator>
      <Alert.Content>
        <Alert.Title>{LICENSE_MESSAGES.verified}</Alert.Title>
        <Alert.Description>
          Issued by MVP Marketplace; this page is its public record.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

interface LicenseRow {
  label: string;
  value: ReactNode;
  testId: string;
  mono?: boolean;
}

/** The certificate's facts, one labelled row each. */
function LicenseDetails({ rows }: { rows: readonly LicenseRow[] }) {
  return (
    <DataList.Root orientation="horizontal">
      {rows.map((row) => (
        <DataList.Item key={row.label}>
          <DataList.ItemLabel>{row.label}</DataList.ItemLabel>
          <DataList.ItemValue
            data-testid={row.testId}
            fontFamily={row.mono ? 'mono' : undefined}
            wordBreak="break-all"
          >
            {row.value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

/**
 * The template's name: a link to its page while that page is public; once it is not (archived, or
 * its seller closed the account) the name alone, and that it is no longer listed, never a link
 * that leads nowhere.
 */
function TemplateName({ license }: { license: License }) {
  if (license.mvp_listed) {
    return (
      <Link asChild color="purple.fg">
        <RouterLink to={paths.mvp.getHref(license.mvp_id)}>{license.mvp_title}</RouterLink>
      </Link>
    );
  }
  return (
    <Stack gap="0.5">
      <Text>{license.mvp_title}</Text>
      <Text fontSize="sm" color="fg.muted" data-testid="license-template-unlisted">
        {LICENSE_MESSAGES.notListed}
      </Text>
    </Stack>
  );
}

export function LicenseCertificateView({ licenseId }: { licenseId: string }) {
  const license = useLicense(licenseId);
  if (license.isPending) return <PageSpinner />;
  if (license.isError && !isLicenseMissing(license.error)) {
    return <QueryErrorPage {...failedQueryProps(license)} testId="license-error" maxW="2xl" />;
  }
  if (license.isError) {
    return (
      <ErrorPage
        message={licenseFailure(license.error)}
        testId="license-error"
        maxW="2xl"
        gap="6"
        action={
          <Button asChild variant="outline" alignSelf="start">
            <RouterLink to={paths.browse.getHref()}>Browse MVPs</RouterLink>
          </Button>
        }
      />
    );
  }
  const data = license.data;
  const rows: LicenseRow[] = [
    { label: 'Licence ID', value: data.id, testId: 'license-id', mono: true },
    { label: 'Licensee', value: data.licensee_name, testId: 'license-licensee' },
    { label: 'Template', value: <TemplateName license={data} />, testId: 'license-template' },
    { label: 'Version', value: data.version_number, testId: 'license-version' },
    { label: 'Issued', value: formatIssuedDate(data.issued_at), testId: 'license-issued' },
    { label: 'Granted by', value: grantedBy(data), testId: 'license-granted-by' },
  ];
  return (
    <Container maxW="3xl" py={{ base: '10', md: '16' }} data-testid="license-certificate">
      <Stack gap="6">
        <LicenseStatusAlert refundedAt={data.refunded_at} disputedAt={data.disputed_at} />

        <Card.Root variant="outline" borderWidth="2px" borderColor="purple.muted">
          <Card.Body gap="6" p={{ base: '6', md: '10' }}>
            <Stack gap="1" textAlign="center">
              <Text fontSize="sm" letterSpacing="widest" textTransform="uppercase" color="fg.muted">
                Licence certificate
              </Text>
              <Heading as="h1" size="2xl">
                {data.mvp_title}
              </Heading>
              <Text color="purple.fg" fontWeight="semibold" data-testid="license-terms-title">
                {data.terms_title}
              </Text>
            </Stack>
            <Separator />
            <LicenseDetails rows={rows} />
            <Separator />
            <Box>
              <Heading as="h2" size="md" mb="2">
                What this licence allows
              </Heading>
              <Text color="fg.muted" lineHeight="tall" data-testid="license-summary">
                {data.terms_summary}
              </Text>
              <Link asChild color="purple.fg" fontSize="sm" mt="2">
                <RouterLink to={paths.licenses.getHref()}>Compare the licences</RouterLink>
              </Link>
            </Box>
          </Card.Body>
        </Card.Root>
      </Stack>
    </Container>
  );
}
