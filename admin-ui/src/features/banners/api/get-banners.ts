import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@/config/constants';
import { getPage } from '@/lib/api-client';
import { bannerKeys, type Banner } from '../types';

export const getBanners = (page: number, signal?: AbortSignal) => getPage<Banner>('/flashy-banner', page, PAGE_SIZE, signal);

export const getBannersQueryOptions = (page: number) =>
  queryOptions({ queryKey: bannerKeys.list(page), queryFn: ({ signal }) => getBanners(page, signal) });

export const useBanners = (page: number) => useQuery(getBannersQueryOptions(page));
