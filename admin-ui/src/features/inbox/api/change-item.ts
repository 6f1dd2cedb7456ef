import { useMutation } from '@tanstack/react-query';
import { save } from '@/lib/api-client';
import type { Kind } from '../kinds';
import type { DeskChange, DeskRecord } from '../types';

/**
 * `PUT {base}/{id}` with the desk's fields only (`status`, `assignee`), against the version the
 * desk read (`If-Match`); the client's own words are never sent. 409 when it is stale.
 */
export const changeItem = <T extends DeskRecord>(kind: Kind<T>, item: Pick<T, 'id' | 'version'>, change: DeskChange) =>
  save<T>('PUT', `${kind.api}/${item.id}`, { ...change, version: item.version });

export const useChangeItem = <T extends DeskRecord>(kind: Kind<T>) =>
  useMutation({
    mutationFn: ({ item, change }: { item: Pick<T, 'id' | 'version'>; change: DeskChange }) => changeItem(kind, item, change),
  });
