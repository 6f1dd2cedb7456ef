import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOne } from '@/lib/api-client';
import { itemKeys, type Kind } from '../kinds';
import type { DeskRecord } from '../types';

/** `GET {base}/{id}`: the item with its notes, assignee and version. */
export const getItem = <T extends DeskRecord>(kind: Kind<T>, id: number, signal?: AbortSignal) => getOne<T>(`${kind.api}/${id}`, signal);

export const getItemQueryOptions = <T extends DeskRecord>(kind: Kind<T>, id: number) =>
  queryOptions({ queryKey: itemKeys.detail(kind.name, id), queryFn: ({ signal }) => getItem(kind, id, signal), staleTime: 0 });

export const useItem = <T extends DeskRecord>(kind: Kind<T>, id: number) => useQuery(getItemQueryOptions(kind, id));
