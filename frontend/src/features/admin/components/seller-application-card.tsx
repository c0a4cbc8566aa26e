/** One seller application in the admin queue: everything the applicant told us, and the decision. */
import type { ReactNode } from 'react';
import { Badge, Button, Card, HStack, Link, Stack, Text, Wrap } from '@chakra-ui/react';
import type { AdminSellerApplication } from '@contract/seller-applications';
import { APPLICATION_STATUS_LABELS, APPLICATION_STATUS_PALETTE } from '../lib/seller-applications';
import { formatDate } from '@/lib/format';

export interface SellerApplicationCardProps {
  application: AdminSellerApplication;
  onApprove: () => void;
  onReject: () => void;
}

/** Only web addresses become links; anything else the applicant typed is shown as text. */
const webLink = (value: string | null): string | null =>
  value && /^https?:\/\//i.test(value) ? value : null;

export function SellerApplicationCard({
  application,
  onApprove,
  onReject,
}: SellerApplicationCardProps) {
  return (
    <Card.Root
      size="sm"
      variant="outline"
      data-testid="seller-application"
      data-email={application.email}
      data-status={application.status}
    >
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" align="start" wrap="wrap" gap="2">
            <Stack gap="0" minW="0">
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="semibold">{application.full_name}</Text>
                <Badge colorPalette={APPLICATION_STATUS_PALETTE[application.status]}>
                  {APPLICATION_STATUS_LABELS[application.status]}
                </Badge>
              </HStack>
              <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                {application.email}
                {application.company_name && ` · ${application.company_name}`}
              </Text>
            </Stack>
            <Text fontSize="sm" color="fg.muted">
              Applied {formatDate(application.submitted_at)}
            </Text>
          </HStack>
          <Detail label="Experience">{application.years_experience} years</Detail>
          <Detail label="Specializations">
            <Wrap gap="1">
              {application.specializations.map((name) => (
                <Badge key={name} variant="outline">
                  {name}
                </Badge>
              ))}
            </Wrap>
          </Detail>
          <Detail label="Previous work">{application.previous_work}</Detail>
          <Detail label="Portfolio">{application.portfolio_description}</Detail>
          <Detail label="Sample projects">{application.sample_projects}</Detail>
          <ApplicationLinks application={application} />
          {application.status !== 'pending' && application.reviewed_at && (
            <Text fontSize="sm" color="fg.muted" data-testid="application-decision">
              {application.status === 'approved' ? 'Approved' : 'Rejected'} on{' '}
              {formatDate(application.reviewed_at)}
              {application.rejection_reason && `: ${application.rejection_reason}`}
            </Text>
          )}
        </Stack>
      </Card.Body>
      {application.status === 'pending' && (
        <Card.Footer justifyContent="flex-end" gap="2">
          <Button size="sm" colorPalette="red" variant="outline" onClick={onReject}>
            Reject
          </Button>
          <Button size="sm" colorPalette="green" onClick={onApprove}>
            Approve
          </Button>
        </Card.Footer>
      )}
    </Card.Root>
  );
}

/** GitHub, LinkedIn and Website, those the applicant gave; nothing when none. */
function ApplicationLinks({ application }: { application: AdminSellerApplication }) {
  const links = (
    [
      ['GitHub', application.github_profile],
      ['LinkedIn', application.linkedin_profile],
      ['Website', application.website],
    ] as const
  ).filter(([, value]) => value);
  if (links.length === 0) return null;
  return (
    <Detail label="Links">
      <Stack gap="0">
        {links.map(([label, value]) => {
          const href = webLink(value);
          return (
            <Text key={label} fontSize="sm" wordBreak="break-all">
              {label}:{' '}
              {href ? (
                <Link href={href} target="_blank" rel="noopener noreferrer" colorPalette="purple">
                  {value}
                </Link>
              ) : (
                value
              )}
            </Text>
          );
        })}
      </Stack>
    </Detail>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="0.5">
      <Text fontSize="xs" fontWeight="medium" color="fg.muted" textTransform="uppercase">
        {label}
      </Text>
      <Text as="div" fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word">
        {children}
      </Text>
    </Stack>
  );
}
