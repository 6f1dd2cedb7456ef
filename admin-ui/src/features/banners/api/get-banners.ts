import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listQuery, type ListFilter } from '@/components/data-table/use-list-filter';
import { PAGE_SIZE } from '@/config/constants';
import { getPage } from '@/lib/api-client';
import { bannerKeys, type Banner } from '../types';

/** One page of banners, by status (`?status=`) and search (`?q=`). */
export const getBanners = (page: number, filter: ListFilter, signal?: AbortSignal) =>
  getPage<Banner>('/flashy-banner', page, PAGE_SIZE, signal, listQuery(filter));

export const getBannersQueryOptions = (page: number, filter: ListFilter) =>
  queryOptions({
    queryKey: bannerKeys.list(page, filter),
    queryFn: ({ signal }) => getBanners(page, filter, signal),
    placeholderData: keepPreviousData,
  });

export const useBanners = (page: number, filter: ListFilter) => useQuery(getBannersQueryOptions(page, filter));
