import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listQuery, type ListFilter } from '@/components/data-table/use-list-filter';
import { PAGE_SIZE } from '@/config/constants';
import { getPage } from '@/lib/api-client';
import { reviewKeys, type ClientReview } from '../types';

/** Newest first, by status (`?status=`) and search (`?q=`); the path keeps the specification's spelling. */
export const getClientReviews = (page: number, filter: ListFilter, signal?: AbortSignal) =>
  getPage<ClientReview>('/client-reviewes', page, PAGE_SIZE, signal, listQuery(filter));

export const getClientReviewsQueryOptions = (page: number, filter: ListFilter) =>
  queryOptions({
    queryKey: reviewKeys.list(page, filter),
    queryFn: ({ signal }) => getClientReviews(page, filter, signal),
    placeholderData: keepPreviousData,
  });

export const useClientReviews = (page: number, filter: ListFilter) => useQuery(getClientReviewsQueryOptions(page, filter));
