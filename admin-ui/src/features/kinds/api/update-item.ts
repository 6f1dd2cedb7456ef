import { save } from '@/lib/api-client';
import { itemRoute, type DeclaredKind } from '@/lib/kinds';
import { useInvalidatingMutation } from '@/lib/mutations';
import { itemKeys, type Item, type Payload } from '../types';
import { bodyOf } from './create-item';

/** The item as the form read it: the version in `payload` goes as `If-Match`. */
export const updateItem = (kind: DeclaredKind, id: number, payload: Payload) => save<Item>('PUT', itemRoute(kind.routes.update, id), bodyOf(kind, payload));

export const useUpdateItem = (kind: DeclaredKind) =>
  useInvalidatingMutation(({ id, payload }: { id: number; payload: Payload }) => updateItem(kind, id, payload), itemKeys.all(kind.kind));
