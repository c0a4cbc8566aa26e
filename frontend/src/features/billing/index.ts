// What the rest of the app may use of this feature; its other files are its own.
export { BuyTemplateButton } from './components/buy-template-button';
export { CheckoutCanceledBanner } from './components/checkout-canceled-banner';
export { CheckoutSuccessView } from './components/checkout-success-view';
export { ManageBillingButton } from './components/manage-billing-button';
export { PricingView } from './components/pricing-view';
