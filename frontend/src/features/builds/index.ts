// What the rest of the app may use of this feature; its other files are its own.
export { BuildBadge } from './components/build-badge';
export { LivePreviewSlot } from './components/live-preview-slot';
export { SellerBuildSection } from './components/seller-build-section';
export { VersionBuildBox } from './components/version-build-box';
