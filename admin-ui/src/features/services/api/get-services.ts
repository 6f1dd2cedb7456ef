import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@/config/constants';
import { getPage } from '@/lib/api-client';
import { serviceKeys, type Service } from '../types';

/** The services dashboard lists by display order. */
export const getServices = (page: number, signal?: AbortSignal) =>
  getPage<Service>('/our-services/display/display-order', page, PAGE_SIZE, signal);

export const getServicesQueryOptions = (page: number) =>
  queryOptions({ queryKey: serviceKeys.list(page), queryFn: ({ signal }) => getServices(page, signal) });

export const useServices = (page: number) => useQuery(getServicesQueryOptions(page));
