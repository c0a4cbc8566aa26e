// What the rest of the app may use of this feature; its other files are its own.
export { useMySellerApplication } from './api/get-my-application';
export { ApplicationNotice } from './components/application-notice';
export { SellerApplicationWizard } from './components/seller-application-wizard';
