// What the rest of the app may use of this feature; its other files are its own.
export { templateQuery } from './api/get-template';
export { templatesQuery } from './api/get-templates';
export { catalogKeys } from './api/keys';
export { BrowseView } from './components/browse-view';
export { TemplateCard } from './components/template-card';
export { TemplateDetailView } from './components/template-detail-view';
export { filtersFromSearchParams } from './lib/browse-filters';
export { galleryImages } from './lib/gallery-images';
