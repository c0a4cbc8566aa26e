// What the rest of the app may use of this feature; its other files are its own.
// The bell is not here: the header loads its file lazily, for signed-in visitors only.
export { useUnsubscribeEmail } from './api/unsubscribe-email';
export { NotificationsView } from './components/notifications-view';
