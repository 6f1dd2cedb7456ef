export type Subscription = { id: number; email: string; created_at: string };

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  list: (page: number) => ['subscriptions', 'list', page] as const,
};
