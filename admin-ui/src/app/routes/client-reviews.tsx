import { ClientReviewForm, ClientReviewsDashboard } from '@/features/client-reviews';
import { withId } from './with-id';

export const Dashboard = ClientReviewsDashboard;
export const FormRoute = withId(ClientReviewForm);
