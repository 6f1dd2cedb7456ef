import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOne } from '@/lib/api-client';
import { bannerKeys, type Banner } from '../types';

export const getBanner = (id: number, signal?: AbortSignal) =>
  getOne<Banner>(`/flashy-banner/get-flashy-banner-by-id/${id}`, signal);

export const getBannerQueryOptions = (id: number) =>
  queryOptions({ queryKey: bannerKeys.detail(id), queryFn: ({ signal }) => getBanner(id, signal), staleTime: 0 });

export const useBanner = (id: number | undefined) =>
  useQuery({ ...getBannerQueryOptions(id ?? 0), enabled: id !== undefined });
