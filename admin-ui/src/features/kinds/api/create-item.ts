import { save } from '@/lib/api-client';
import type { DeclaredKind } from '@/lib/kinds';
import { useInvalidatingMutation } from '@/lib/mutations';
import { itemKeys, type Item, type Payload } from '../types';

/** A save's body as the kind takes it: the item, or an array holding it (`oneInArray`). */
export const bodyOf = (kind: DeclaredKind, payload: Payload) => (kind.routes.oneInArray ? [payload] : payload);

/** A new item, POSTed to the kind's collection. */
export const createItem = (kind: DeclaredKind, payload: Payload) => save<Item>('POST', kind.path, bodyOf(kind, payload));

export const useCreateItem = (kind: DeclaredKind) => useInvalidatingMutation((payload: Payload) => createItem(kind, payload), itemKeys.all(kind.kind));
