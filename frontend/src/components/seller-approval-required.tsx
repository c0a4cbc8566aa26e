/** What a signed-in user who is not an approved seller sees on seller-only pages. */
import { Button, Container, EmptyState, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { LuShieldAlert } from 'react-icons/lu';
import { paths } from '../config/paths';

const UPLOAD_DESCRIPTION =
  'Only approved sellers can upload and manage MVPs. Applications are reviewed in 2-3 business days.';

/** @param description what the page would offer an approved seller (default: uploads). */
export function SellerApprovalRequired({
  description = UPLOAD_DESCRIPTION,
}: { description?: string } = {}) {
  return (
    <Container maxW="lg" py="16">
      <EmptyState.Root data-testid="seller-approval-required">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuShieldAlert />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title>Seller Approval Required</EmptyState.Title>
            <EmptyState.Description>{description}</EmptyState.Description>
          </VStack>
          <Button asChild colorPalette="purple">
            <RouterLink to={paths.dashboard.getHref()}>Back to Dashboard</RouterLink>
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    </Container>
  );
}
