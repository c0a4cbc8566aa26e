// What the rest of the app may use of this feature; its other files are its own.
export { useRefundablePurchases } from './api/get-refundable-purchases';
export { RefundRequestView } from './components/refund-request-view';
