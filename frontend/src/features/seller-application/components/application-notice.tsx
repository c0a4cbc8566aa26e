/**
 * On a buyer's dashboard: where their seller application stands, while it is under review or
 * after it was declined (with the reason and a way to apply again). Nothing otherwise.
 */
import { Alert, Button } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { MySellerApplication } from '@contract/seller-applications';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';

export function ApplicationNotice({ application }: { application: MySellerApplication }) {
  if (application.status === 'pending') {
    return (
      <Alert.Root status="info" data-testid="seller-application-notice">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Your seller application is under review</Alert.Title>
          <Alert.Description>
            You applied on {formatDate(application.submitted_at)}; reviews take 2-3 business days.
            You can keep buying and downloading meanwhile.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (application.status === 'rejected') {
    return (
      <Alert.Root status="warning" data-testid="seller-application-notice">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Your seller application was not approved</Alert.Title>
          <Alert.Description>Reason: {application.reason}</Alert.Description>
        </Alert.Content>
        <Button asChild size="sm" variant="outline" alignSelf="center">
          <RouterLink to={paths.sellerSignup.getHref()}>Apply again</RouterLink>
        </Button>
      </Alert.Root>
    );
  }
  return null;
}
