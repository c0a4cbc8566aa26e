/** The Newsletter tab's load failure: the product's text and a way to try again. */
import { Alert, Button } from '@chakra-ui/react';
import { NEWSLETTER_ADMIN_MESSAGES } from '@contract/admin-newsletter';

export function LoadFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Alert.Root status="error" data-testid="newsletter-load-error">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{NEWSLETTER_ADMIN_MESSAGES.loadFailed}</Alert.Title>
      </Alert.Content>
      <Button size="xs" variant="outline" onClick={onRetry} loading={retrying} alignSelf="center">
        Retry
      </Button>
    </Alert.Root>
  );
}
