// What the rest of the app may use of this feature; its other files are its own.
export { BuyerDashboard } from './components/buyer-dashboard';
export { DashboardSignInPrompt } from './components/dashboard-sign-in-prompt';
export { DashboardView } from './components/dashboard-view';
export { FirstSteps } from './components/first-steps';
export { dashboardModeFor } from './lib/dashboard-mode';
