import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@/config/constants';
import { getPage } from '@/lib/api-client';
import { listQuery } from '@/components/data-table/use-list-filter';
import { itemKeys, type Kind } from '../kinds';
import type { DeskRecord, InboxFilter } from '../types';

/** `?status=&q=` as every list's, and `deleted=true` for the trash. */
export const inboxQuery = (filter: InboxFilter) => ({ ...listQuery(filter), deleted: filter.deleted ? 'true' : undefined });

/** One page of a kind's items, newest first, filtered by status, searched, or the trash. */
export const getItems = <T extends DeskRecord>(kind: Kind<T>, page: number, filter: InboxFilter, signal?: AbortSignal) =>
  getPage<T>(kind.api, page, PAGE_SIZE, signal, inboxQuery(filter));

export const getItemsQueryOptions = <T extends DeskRecord>(kind: Kind<T>, page: number, filter: InboxFilter) =>
  queryOptions({
    queryKey: itemKeys.list(kind.name, page, filter),
    queryFn: ({ signal }) => getItems(kind, page, filter, signal),
    // While a new search loads, the table keeps the rows it has instead of a spinner.
    placeholderData: keepPreviousData,
  });

export const useItems = <T extends DeskRecord>(kind: Kind<T>, page: number, filter: InboxFilter) =>
  useQuery(getItemsQueryOptions(kind, page, filter));
