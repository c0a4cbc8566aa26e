// What the rest of the app may use of this feature; its other files are its own.
export { templateKeys } from './api/keys';
export { EditTemplateView } from './components/edit-template-view';
export { MyTemplatesView } from './components/my-templates-view';
export { SellerDashboard } from './components/seller-dashboard';
export { UploadView } from './components/upload-view';
