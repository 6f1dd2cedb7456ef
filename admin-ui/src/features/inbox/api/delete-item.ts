import { useMutation } from '@tanstack/react-query';
import { remove } from '@/lib/api-client';
import type { Kind } from '../kinds';
import type { DeskRecord } from '../types';

/** `DELETE {base}/{id}` against the version read: to the trash for 30 days (owners). */
export const deleteItem = <T extends DeskRecord>(kind: Kind<T>, item: Pick<T, 'id' | 'version'>) =>
  remove(`${kind.api}/${item.id}`, item.version);

export const useDeleteItem = <T extends DeskRecord>(kind: Kind<T>) =>
  useMutation({ mutationFn: (item: Pick<T, 'id' | 'version'>) => deleteItem(kind, item) });
