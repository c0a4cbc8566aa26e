import { Button, Card, Heading, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

const ACTIONS = [
  { label: 'Browse MVPs', href: paths.browse.getHref() },
  { label: 'View Plans', href: paths.pricing.getHref() },
  { label: 'Request a Refund', href: paths.refundRequest.getHref() },
  { label: 'Open a Dispute', href: paths.dispute.getHref() },
  { label: 'Get Support', href: paths.support.getHref() },
];

export function QuickActions() {
  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Heading size="md">Quick Actions</Heading>
      </Card.Header>
      <Card.Body>
        <Stack as="nav" aria-label="Quick actions" gap="2">
          {ACTIONS.map((action) => (
            <Button key={action.href} asChild variant="outline" justifyContent="start">
              <RouterLink to={action.href}>{action.label}</RouterLink>
            </Button>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
