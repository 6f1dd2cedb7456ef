import { queryOptions, useQuery } from '@tanstack/react-query';
import { PARENT_SERVICES_PAGE_SIZE } from '@/config/constants';
import { getPage } from '@/lib/api-client';
import { serviceListKeys, type ParentService } from '../types';

/** The parent services of the Select Service dropdowns: page 1, up to 100, by display order. */
export const getParentServices = (signal?: AbortSignal) =>
  getPage<ParentService>('/our-services/display/display-order', 1, PARENT_SERVICES_PAGE_SIZE, signal);

export const getParentServicesQueryOptions = () =>
  queryOptions({ queryKey: serviceListKeys.parents, queryFn: ({ signal }) => getParentServices(signal), staleTime: 0 });

export const useParentServices = () => useQuery(getParentServicesQueryOptions());
