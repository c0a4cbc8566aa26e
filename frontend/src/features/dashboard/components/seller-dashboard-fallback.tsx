import { Button, Card, Heading, HStack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';

/**
 * The seller view's entry points, shown until the seller workspace provides its dashboard
 * component (the dashboard route puts that component in this slot instead).
 */
export function SellerDashboardFallback() {
  return (
    <Card.Root variant="outline" data-testid="seller-dashboard">
      <Card.Header>
        <Heading size="md">Seller dashboard</Heading>
      </Card.Header>
      <Card.Body gap="4">
        <Text color="fg.muted">Manage your templates and publish new ones.</Text>
        <HStack gap="3" wrap="wrap">
          <Button asChild colorPalette="purple">
            <RouterLink to={paths.myMvps.getHref()}>My MVPs</RouterLink>
          </Button>
          <Button asChild variant="outline" colorPalette="purple">
            <RouterLink to={paths.upload.getHref()}>Upload an MVP</RouterLink>
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
