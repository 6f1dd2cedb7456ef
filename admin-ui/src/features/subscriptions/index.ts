export { SubscriptionsDashboard } from './components/subscriptions-dashboard';
export { SubscriptionPlaceholder } from './components/subscription-placeholder';
