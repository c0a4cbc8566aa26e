// What the rest of the app may use of this feature; its other files are its own.
export { ReviewsSection } from './components/reviews-section';
