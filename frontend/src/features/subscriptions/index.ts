// What the rest of the app may use of this feature; its other files are its own.
export { useCurrentSubscription } from './api/get-current-subscription';
export { useUpdateSubscription } from './api/update-subscription';
export { SubscriptionActions } from './components/subscription-actions';
