import { request, type ItemEnvelope } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { translationKeys, type ToTranslate } from '../types';

export type Confirmation = { kind: string; id: number; fields: string[] };

/**
 * "The Arabic is still right": ends the outdated mark of the item's `fields` (their Arabic
 * twins) without an edit. Answers how the item stands after, and the server's words for it.
 */
export async function confirmTranslation({ kind, id, fields }: Confirmation): Promise<{ item?: ToTranslate; message?: string }> {
  const body = await request<ItemEnvelope<ToTranslate>>(`/content/${kind}/${id}/translations/confirm`, { method: 'POST', body: { fields } });
  return { item: body.responseBody?.[0], message: body.message };
}

export const useConfirmTranslation = () => useInvalidatingMutation(confirmTranslation, translationKeys.all);
