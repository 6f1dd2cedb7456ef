import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOne } from '@/lib/api-client';
import { serviceKeys, type Service } from '../types';

export const getService = (id: number, signal?: AbortSignal) => getOne<Service>(`/our-services/${id}`, signal);

export const getServiceQueryOptions = (id: number) =>
  queryOptions({ queryKey: serviceKeys.detail(id), queryFn: ({ signal }) => getService(id, signal), staleTime: 0 });

export const useService = (id: number | undefined) =>
  useQuery({ ...getServiceQueryOptions(id ?? 0), enabled: id !== undefined });
