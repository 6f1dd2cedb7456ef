import { SubscriptionPlaceholder, SubscriptionsDashboard } from '@/features/subscriptions';

export const Dashboard = SubscriptionsDashboard;
export const FormRoute = SubscriptionPlaceholder;
