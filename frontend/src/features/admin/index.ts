// What the rest of the app may use of this feature; its other files are its own.
export { AdminView } from './components/admin-view';
export { RequireAdmin } from './components/require-admin';
