export { ClientReviewsDashboard } from './components/client-reviews-dashboard';
export { ClientReviewForm } from './components/client-review-form';
