export { ReviewPage } from './components/review-page';
