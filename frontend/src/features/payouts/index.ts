// What the rest of the app may use of this feature; its other files are its own.
export { ConnectStripeView } from './components/connect-stripe-view';
export { PayoutSettingsView } from './components/payout-settings-view';
export { PayoutsView } from './components/payouts-view';
export { RecentEarnings } from './components/recent-earnings';
