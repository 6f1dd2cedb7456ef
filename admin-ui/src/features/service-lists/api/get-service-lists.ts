import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listQuery, type ListFilter } from '@/components/data-table/use-list-filter';
import { PAGE_SIZE } from '@/config/constants';
import { getPage } from '@/lib/api-client';
import { serviceListKeys, type ServiceListItem } from '../types';

/** The list items of one service, by display order, by status (`?status=`) and search (`?q=`). */
export const getServiceLists = (serviceId: number, page: number, filter: ListFilter, signal?: AbortSignal) =>
  getPage<ServiceListItem>(`/list-of-services/display-order/${serviceId}`, page, PAGE_SIZE, signal, listQuery(filter));

export const getServiceListsQueryOptions = (serviceId: number, page: number, filter: ListFilter) =>
  queryOptions({
    queryKey: serviceListKeys.list(serviceId, page, filter),
    queryFn: ({ signal }) => getServiceLists(serviceId, page, filter, signal),
    placeholderData: keepPreviousData,
  });

export const useServiceLists = (serviceId: number | undefined, page: number, filter: ListFilter) =>
  useQuery({ ...getServiceListsQueryOptions(serviceId ?? 0, page, filter), enabled: serviceId !== undefined });
