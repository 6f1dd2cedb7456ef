import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOne } from '@/lib/api-client';
import { reviewKeys, type ClientReview } from '../types';

export const getClientReview = (id: number, signal?: AbortSignal) => getOne<ClientReview>(`/client-reviewes/${id}`, signal);

export const getClientReviewQueryOptions = (id: number) =>
  queryOptions({ queryKey: reviewKeys.detail(id), queryFn: ({ signal }) => getClientReview(id, signal), staleTime: 0 });

export const useClientReview = (id: number | undefined) =>
  useQuery({ ...getClientReviewQueryOptions(id ?? 0), enabled: id !== undefined });
