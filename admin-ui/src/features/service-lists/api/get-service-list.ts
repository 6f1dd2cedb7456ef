import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOne } from '@/lib/api-client';
import { serviceListKeys, type ServiceListItem } from '../types';

export const getServiceList = (id: number, signal?: AbortSignal) => getOne<ServiceListItem>(`/list-of-services/${id}`, signal);

export const getServiceListQueryOptions = (id: number) =>
  queryOptions({ queryKey: serviceListKeys.detail(id), queryFn: ({ signal }) => getServiceList(id, signal), staleTime: 0 });

export const useServiceList = (id: number | undefined) =>
  useQuery({ ...getServiceListQueryOptions(id ?? 0), enabled: id !== undefined });
