// What the rest of the app may use of this feature; its other files are its own.
export { useConfirmSubscription, useUnsubscribe } from './api/newsletter-links';
export { NewsletterLinkPage } from './components/newsletter-link-page';
