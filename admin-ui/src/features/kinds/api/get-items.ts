import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listQuery, type ListFilter } from '@/components/data-table/use-list-filter';
import { PAGE_SIZE } from '@/config/constants';
import { getPage } from '@/lib/api-client';
import { byParentRoute, type DeclaredKind } from '@/lib/kinds';
import { itemKeys, type Item } from '../types';

/** Where a page of the kind's list is read: its list, or one parent's (`routes.byParent`) when a parent is chosen. */
export function itemsRoute(kind: DeclaredKind, parent?: number): string | null {
  const byParent = kind.routes.byParent;
  if (byParent) return parent === undefined ? null : byParentRoute(byParent, parent);
  return kind.routes.list;
}

/** A page of the kind's list (of one parent's items), by status (`?status=`) and search (`?q=`). */
export const getItems = (path: string, page: number, filter: ListFilter, signal?: AbortSignal) =>
  getPage<Item>(path, page, PAGE_SIZE, signal, listQuery(filter));

export const getItemsQueryOptions = (kind: DeclaredKind, page: number, filter: ListFilter, parent?: number) => {
  const path = itemsRoute(kind, parent);
  return queryOptions({
    queryKey: itemKeys.list(kind.kind, page, filter, parent),
    queryFn: ({ signal }) => getItems(path ?? '', page, filter, signal),
    placeholderData: keepPreviousData,
    enabled: path !== null,
  });
};

/** `parent`: the parent whose items are listed, for a kind listed by its parent (no request without one). */
export const useItems = (kind: DeclaredKind, page: number, filter: ListFilter, parent?: number) => useQuery(getItemsQueryOptions(kind, page, filter, parent));
