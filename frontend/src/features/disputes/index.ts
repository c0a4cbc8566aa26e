// What the rest of the app may use of this feature; its other files are its own.
export { DisputeDetailView } from './components/dispute-detail-view';
export { DisputeView } from './components/dispute-view';
