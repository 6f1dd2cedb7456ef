import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listQuery, type ListFilter } from '@/components/data-table/use-list-filter';
import { PAGE_SIZE } from '@/config/constants';
import { getPage } from '@/lib/api-client';
import { generalContentKeys, type GeneralContent } from '../types';

/** One page of general content, by status (`?status=`) and search (`?q=`). */
export const getGeneralContents = (page: number, filter: ListFilter, signal?: AbortSignal) =>
  getPage<GeneralContent>('/general-content-section', page, PAGE_SIZE, signal, listQuery(filter));

export const getGeneralContentsQueryOptions = (page: number, filter: ListFilter) =>
  queryOptions({
    queryKey: generalContentKeys.list(page, filter),
    queryFn: ({ signal }) => getGeneralContents(page, filter, signal),
    placeholderData: keepPreviousData,
  });

export const useGeneralContents = (page: number, filter: ListFilter) => useQuery(getGeneralContentsQueryOptions(page, filter));
