import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listQuery, type ListFilter } from '@/components/data-table/use-list-filter';
import { PAGE_SIZE } from '@/config/constants';
import { getPage } from '@/lib/api-client';
import { serviceKeys, type Service } from '../types';

/** The services dashboard lists by display order, by status (`?status=`) and search (`?q=`). */
export const getServices = (page: number, filter: ListFilter, signal?: AbortSignal) =>
  getPage<Service>('/our-services/display/display-order', page, PAGE_SIZE, signal, listQuery(filter));

export const getServicesQueryOptions = (page: number, filter: ListFilter) =>
  queryOptions({
    queryKey: serviceKeys.list(page, filter),
    queryFn: ({ signal }) => getServices(page, filter, signal),
    placeholderData: keepPreviousData,
  });

export const useServices = (page: number, filter: ListFilter) => useQuery(getServicesQueryOptions(page, filter));
