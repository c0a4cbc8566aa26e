// What the rest of the app may use of this feature; its other files are its own.
export { useLiveAdvisories } from './api/get-live-advisories';
export { useVersionSecurityReport } from './api/get-security-report';
export { LiveSecurityNotice } from './components/live-security-notice';
export { SecurityPanel } from './components/security-panel';
export { SecurityStateLine } from './components/security-state-line';
export { SECURITY_SECTION_ID, SellerSecuritySection } from './components/seller-security-section';
export { VersionSecurityBox } from './components/version-security-box';
export { SEVERITY_PALETTES, countsText } from './lib/security-text';
