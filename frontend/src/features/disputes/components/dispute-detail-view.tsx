import type { ReactNode } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Heading,
  HStack,
  Link,
  List,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import {
  DISPUTE_MESSAGES,
  DISPUTE_REVIEW_DAYS,
  disputePartyName,
  isUnresolvedDispute,
  type Dispute,
  type DisputeParty,
} from '@contract/disputes';
import { PageSpinner } from '@/components/page-spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { useDispute } from '../api/get-dispute';
import {
  DISPUTE_STATUS_LABELS,
  DISPUTE_STATUS_PALETTE,
  formatDateTime,
  timelineSteps,
} from '../lib/dispute-labels';
import { ErrorPage } from '@/components/error-page';
import { QueryErrorPage } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { EmailText } from '@/components/email-text';

function DisputeErrorPage({ message }: { message: string }) {
  return <ErrorPage message={message} testId="dispute-detail-error" action={<BackToDisputes />} />;
}

function BackToDisputes() {
  return (
    <Link asChild colorPalette="purple">
      <RouterLink to={paths.dispute.getHref()}>Back to disputes</RouterLink>
    </Link>
  );
}

function Party({ title, party }: { title: 'Buyer' | 'Seller'; party: DisputeParty }) {
  return (
    <Stack gap="0">
      <Text fontSize="sm" color="fg.muted">
        {title}
      </Text>
      <Text fontWeight="medium">{disputePartyName(party, title)}</Text>
      {party.email ? <EmailText email={party.email} fontSize="sm" /> : null}
    </Stack>
  );
}

function Timeline({ dispute }: { dispute: Dispute }) {
  return (
    <List.Root as="ol" gap="3" variant="plain" aria-label="Timeline">
      {timelineSteps(dispute).map((step) => (
        <List.Item key={step.label} data-testid="timeline-step">
          <HStack align="start" gap="3">
            <Box
              mt="1.5"
              boxSize="3"
              borderRadius="full"
              bg={step.at ? 'purple.solid' : 'border.emphasized'}
              flexShrink={0}
            />
            <Stack gap="0">
              <Text fontWeight="medium">{step.label}</Text>
              <Text fontSize="sm" color="fg.muted">
                {step.at ? formatDateTime(step.at) : 'Pending'}
              </Text>
            </Stack>
          </HStack>
        </List.Item>
      ))}
    </List.Root>
  );
}

/** A labelled part of the dispute: the label small and muted above its value. */
function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="1">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

function DisputeDetail({ dispute }: { dispute: Dispute }) {
  const unresolved = isUnresolvedDispute(dispute.status);
  return (
    <Container maxW="4xl" py="10">
      <Stack gap="6">
        <Stack gap="2">
          <Link asChild colorPalette="purple" fontSize="sm">
            <RouterLink to={paths.dispute.getHref()}>Back to disputes</RouterLink>
          </Link>
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Heading size="2xl">Dispute: {dispute.mvp.title}</Heading>
            <Badge size="lg" colorPalette={DISPUTE_STATUS_PALETTE[dispute.status]}>
              {DISPUTE_STATUS_LABELS[dispute.status]}
            </Badge>
          </HStack>
          <Text color="fg.muted">Opened {formatDateTime(dispute.opened_at)}</Text>
        </Stack>

        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          <Card.Root gridColumn={{ md: 'span 2' }} variant="outline">
            <Card.Body gap="4">
              <DetailField label="Reason">
                <Text fontWeight="medium">{dispute.reason}</Text>
              </DetailField>
              <DetailField label="Details">
                <Text whiteSpace="pre-wrap">{dispute.details}</Text>
              </DetailField>
              <DetailField label="Resolution">
                <Text>
                  {dispute.resolution_details ??
                    (unresolved ? 'Not resolved yet.' : 'No resolution details were given.')}
                </Text>
              </DetailField>
              <Button asChild variant="outline" colorPalette="purple" alignSelf="start">
                <RouterLink to={paths.mvp.getHref(dispute.mvp.id)}>View MVP</RouterLink>
              </Button>
            </Card.Body>
          </Card.Root>
          <Card.Root variant="outline">
            <Card.Body gap="4">
              <Party title="Buyer" party={dispute.buyer} />
              <Party title="Seller" party={dispute.seller} />
            </Card.Body>
          </Card.Root>
        </SimpleGrid>

        <Card.Root variant="outline">
          <Card.Header>
            <Heading size="md">Timeline</Heading>
          </Card.Header>
          <Card.Body>
            <Timeline dispute={dispute} />
          </Card.Body>
        </Card.Root>

        {unresolved && (
          <Card.Root variant="subtle" data-testid="next-steps">
            <Card.Header>
              <Heading size="md">Next Steps</Heading>
            </Card.Header>
            <Card.Body gap="4">
              <Text>
                Our team reviews disputes within {DISPUTE_REVIEW_DAYS}. We may contact the buyer and
                the seller for more information, and you will see the outcome here.
              </Text>
              <Button asChild colorPalette="purple" alignSelf="start">
                <RouterLink to={paths.support.getHref()}>Contact Support</RouterLink>
              </Button>
            </Card.Body>
          </Card.Root>
        )}
      </Stack>
    </Container>
  );
}

/** `/disputes/{id}`: the detail for its buyer, its seller, admin or both. */
export function DisputeDetailView({ disputeId }: { disputeId: string | undefined }) {
  const query = useDispute(disputeId);
  const { data, error, isPending } = query;
  if (!disputeId) return <DisputeErrorPage message={DISPUTE_MESSAGES.notFound} />;
  if (isPending) return <PageSpinner />;
  if (error) {
    if (error instanceof ApiError && error.status === 403) {
      return <DisputeErrorPage message={DISPUTE_MESSAGES.forbidden} />;
    }
    if (error instanceof ApiError && error.status === 404) {
      return <DisputeErrorPage message={DISPUTE_MESSAGES.notFound} />;
    }
    return (
      <QueryErrorPage
        {...failedQueryProps(query)}
        testId="dispute-detail-error"
        before={<BackToDisputes />}
      />
    );
  }
  return <DisputeDetail dispute={data} />;
}
