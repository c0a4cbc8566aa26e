// What the rest of the app may use of this feature; its other files are its own.
export { FeaturedTemplates } from './components/featured-templates';
export { Hero } from './components/hero';
export { HowItWorks } from './components/how-it-works';
export { Testimonials } from './components/testimonials';
