/**
 * `/notifications/unsubscribe?token=…`: the unsubscribe link of every optional notification
 * e-mail. It confirms with a button (never on load: mail scanners open links), in the same frame
 * as the newsletter's links.
 */
import { EMAIL_UNSUBSCRIBE_INVALID_MESSAGE } from '@contract/notification-preferences';
import { useUnsubscribeEmail } from '@/features/notifications';
import { NewsletterLinkPage } from '@/features/newsletter';

export default function NotificationUnsubscribeRoute() {
  const unsubscribe = useUnsubscribeEmail();
  return (
    <NewsletterLinkPage
      title="Stop these e-mails"
      explanation="Press the button to stop receiving e-mails of this kind. You will still see them in your notifications, and you can turn them back on in Settings → Notifications."
      actionLabel="Unsubscribe"
      invalidMessage={EMAIL_UNSUBSCRIBE_INVALID_MESSAGE}
      mutation={unsubscribe}
      testId="notification-unsubscribe"
    />
  );
}
