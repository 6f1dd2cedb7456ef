import { useMutation } from '@tanstack/react-query';
import { save } from '@/lib/api-client';
import type { Kind } from '../kinds';
import type { DeskRecord } from '../types';

/** `POST {base}/{id}/notes` `{text}` → 201 with the item, its notes starting with the new one. */
export const addNote = <T extends DeskRecord>(kind: Kind<T>, id: number, text: string) =>
  save<T>('POST', `${kind.api}/${id}/notes`, { text });

export const useAddNote = <T extends DeskRecord>(kind: Kind<T>) =>
  useMutation({ mutationFn: ({ id, text }: { id: number; text: string }) => addNote(kind, id, text) });
