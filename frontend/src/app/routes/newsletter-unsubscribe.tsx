/** `/newsletter/unsubscribe?token=…`: the unsubscribe link of every newsletter e-mail. */
import { UNSUBSCRIBE_INVALID_MESSAGE } from '@contract/newsletter-issues';
import { useUnsubscribe, NewsletterLinkPage } from '@/features/newsletter';

export default function NewsletterUnsubscribeRoute() {
  const unsubscribe = useUnsubscribe();
  return (
    <NewsletterLinkPage
      title="Unsubscribe"
      explanation="Press the button to stop receiving this newsletter. You can subscribe again at any time."
      actionLabel="Unsubscribe"
      invalidMessage={UNSUBSCRIBE_INVALID_MESSAGE}
      mutation={unsubscribe}
      testId="newsletter-unsubscribe"
    />
  );
}
