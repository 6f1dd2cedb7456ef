import { queryOptions, useQueries } from '@tanstack/react-query';
import { REFERENCE_OPTIONS_SIZE } from '@/config/constants';
import { getPage } from '@/lib/api-client';
import type { DeclaredKind } from '@/lib/kinds';
import { itemKeys, type Item } from '../types';

/** The items a reference to `kind` may name: the first of its list (none for a kind listed only by its parent). */
export const getReferences = async (kind: DeclaredKind, signal?: AbortSignal) =>
  kind.routes.list === null ? { result: [] as Item[], totalCount: 0 } : getPage<Item>(kind.routes.list, 1, REFERENCE_OPTIONS_SIZE, signal);

export const getReferencesQueryOptions = (kind: DeclaredKind) =>
  queryOptions({ queryKey: itemKeys.references(kind.kind), queryFn: ({ signal }) => getReferences(kind, signal) });

/** The items of each kind in `kinds`, in that order. */
export const useReferences = (kinds: DeclaredKind[]) => useQueries({ queries: kinds.map(getReferencesQueryOptions) });
