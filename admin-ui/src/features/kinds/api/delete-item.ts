import type { Versioned } from '@/components/lifecycle/api';
import { remove } from '@/lib/api-client';
import { itemRoute, type DeclaredKind } from '@/lib/kinds';
import { useInvalidatingMutation } from '@/lib/mutations';
import { itemKeys } from '../types';

/** Deletes the item as the list read it (`If-Match`): a 409 when it changed since. */
export const deleteItem = (kind: DeclaredKind, { id, version }: Versioned) => remove(itemRoute(kind.routes.delete, id), version);

export const useDeleteItem = (kind: DeclaredKind) => useInvalidatingMutation((item: Versioned) => deleteItem(kind, item), itemKeys.all(kind.kind));
