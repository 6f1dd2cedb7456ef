import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@/config/constants';
import { getPage } from '@/lib/api-client';
import { reviewKeys, type ClientReview } from '../types';

/** Newest first (the path keeps the specification's spelling). */
export const getClientReviews = (page: number, signal?: AbortSignal) =>
  getPage<ClientReview>('/client-reviewes', page, PAGE_SIZE, signal);

export const getClientReviewsQueryOptions = (page: number) =>
  queryOptions({ queryKey: reviewKeys.list(page), queryFn: ({ signal }) => getClientReviews(page, signal) });

export const useClientReviews = (page: number) => useQuery(getClientReviewsQueryOptions(page));
