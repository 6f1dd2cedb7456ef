import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@/config/constants';
import { getPage } from '@/lib/api-client';
import { generalContentKeys, type GeneralContent } from '../types';

export const getGeneralContents = (page: number, signal?: AbortSignal) =>
  getPage<GeneralContent>('/general-content-section', page, PAGE_SIZE, signal);

export const getGeneralContentsQueryOptions = (page: number) =>
  queryOptions({ queryKey: generalContentKeys.list(page), queryFn: ({ signal }) => getGeneralContents(page, signal) });

export const useGeneralContents = (page: number) => useQuery(getGeneralContentsQueryOptions(page));
