import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listQuery, type ListFilter } from '@/components/data-table/use-list-filter';
import { PAGE_SIZE } from '@/config/constants';
import { getPage } from '@/lib/api-client';
import type { DeclaredKind } from '@/lib/kinds';
import { itemKeys, type Item } from '../types';

/** A page of the kind's list, by status (`?status=`) and search (`?q=`). */
export const getItems = (kind: DeclaredKind, page: number, filter: ListFilter, signal?: AbortSignal) =>
  getPage<Item>(kind.routes.list, page, PAGE_SIZE, signal, listQuery(filter));

export const getItemsQueryOptions = (kind: DeclaredKind, page: number, filter: ListFilter) =>
  queryOptions({
    queryKey: itemKeys.list(kind.kind, page, filter),
    queryFn: ({ signal }) => getItems(kind, page, filter, signal),
    placeholderData: keepPreviousData,
  });

export const useItems = (kind: DeclaredKind, page: number, filter: ListFilter) => useQuery(getItemsQueryOptions(kind, page, filter));
