import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@/config/constants';
import { getPage } from '@/lib/api-client';
import { subscriptionKeys, type Subscription } from '../types';

/** Newest first. */
export const getSubscriptions = (page: number, signal?: AbortSignal) =>
  getPage<Subscription>('/subscription', page, PAGE_SIZE, signal);

export const getSubscriptionsQueryOptions = (page: number) =>
  queryOptions({ queryKey: subscriptionKeys.list(page), queryFn: ({ signal }) => getSubscriptions(page, signal) });

export const useSubscriptions = (page: number) => useQuery(getSubscriptionsQueryOptions(page));
