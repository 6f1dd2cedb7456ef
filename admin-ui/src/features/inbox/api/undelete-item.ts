import { useMutation } from '@tanstack/react-query';
import { request, type ItemEnvelope } from '@/lib/api-client';
import type { Kind } from '../kinds';
import type { DeskRecord } from '../types';

/** `POST {base}/{id}/undelete` → the item, back in the inbox (owners). */
export async function undeleteItem<T extends DeskRecord>(kind: Kind<T>, id: number) {
  const envelope = await request<ItemEnvelope<T>>(`${kind.api}/${id}/undelete`, { method: 'POST' });
  return { item: envelope.responseBody?.[0], message: envelope.message };
}

export const useUndeleteItem = <T extends DeskRecord>(kind: Kind<T>) =>
  useMutation({ mutationFn: (id: number) => undeleteItem(kind, id) });
