// What the rest of the app may use of this feature; its other files are its own.
export { SellerUsernamePrompt } from './components/seller-username-prompt';
export { SettingsView } from './components/settings-view';
