// What the rest of the app may use of this feature; its other files are its own.
export { LicenseCertificateView } from './components/license-certificate-view';
export { MyLicensesCard } from './components/my-licenses-card';
