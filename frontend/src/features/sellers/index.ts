// What the rest of the app may use of this feature; its other files are its own.
export { SellerProfileView } from './components/seller-profile-view';
