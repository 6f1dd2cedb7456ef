import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOne } from '@/lib/api-client';
import { itemRoute, type DeclaredKind } from '@/lib/kinds';
import { itemKeys, type Item } from '../types';

export const getItem = (kind: DeclaredKind, id: number, signal?: AbortSignal) => getOne<Item>(itemRoute(kind.routes.read, id), signal);

export const getItemQueryOptions = (kind: DeclaredKind, id: number) =>
  queryOptions({ queryKey: itemKeys.detail(kind.kind, id), queryFn: ({ signal }) => getItem(kind, id, signal), staleTime: 0 });

export const useItem = (kind: DeclaredKind, id: number | undefined) => useQuery({ ...getItemQueryOptions(kind, id ?? 0), enabled: id !== undefined });
