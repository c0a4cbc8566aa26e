/** `/newsletter/confirm?token=…`: the double opt-in link of a sign-up's confirmation e-mail. */
import { CONFIRM_INVALID_MESSAGE } from '@contract/newsletter-issues';
import { useConfirmSubscription, NewsletterLinkPage } from '@/features/newsletter';

export default function NewsletterConfirmRoute() {
  const confirm = useConfirmSubscription();
  return (
    <NewsletterLinkPage
      title="Confirm your subscription"
      explanation="Press the button to confirm that you want to receive our updates at this address."
      actionLabel="Confirm subscription"
      invalidMessage={CONFIRM_INVALID_MESSAGE}
      mutation={confirm}
      testId="newsletter-confirm"
    />
  );
}
