import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@/config/constants';
import { getPage } from '@/lib/api-client';
import { serviceListKeys, type ServiceListItem } from '../types';

/** The list items of one service, by display order. */
export const getServiceLists = (serviceId: number, page: number, signal?: AbortSignal) =>
  getPage<ServiceListItem>(`/list-of-services/display-order/${serviceId}`, page, PAGE_SIZE, signal);

export const getServiceListsQueryOptions = (serviceId: number, page: number) =>
  queryOptions({
    queryKey: serviceListKeys.list(serviceId, page),
    queryFn: ({ signal }) => getServiceLists(serviceId, page, signal),
  });

export const useServiceLists = (serviceId: number | undefined, page: number) =>
  useQuery({ ...getServiceListsQueryOptions(serviceId ?? 0, page), enabled: serviceId !== undefined });
