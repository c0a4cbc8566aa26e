// What the rest of the app may use of this feature; its other files are its own.
// The launch overlay is not here: the layout loads its file lazily, off the home page's first chunk.
export { shouldShowLaunchOverlay } from './lib/launch-state';
