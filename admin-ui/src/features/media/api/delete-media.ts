import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, request, type ItemEnvelope } from '@/lib/api-client';
import { mediaLibraryKeys } from '@/lib/media-library';
import { usageFrom, type MediaDetail, type MediaUsage } from '../types';

/**
 * `DELETE /media/{name}`: to the trash (restorable for 30 days). Refused with 409 while anything
 * shows the file: the refusal lists what does (`usageOfRefusal`).
 */
export async function deleteMedia(name: string) {
  const envelope = await request<ItemEnvelope<MediaDetail>>(`/media/${encodeURIComponent(name)}`, { method: 'DELETE' });
  return { item: envelope.responseBody?.[0], message: envelope.message };
}

/** The items a 409 says still show the file, or `null` when the failure is another. */
export const usageOfRefusal = (error: unknown): MediaUsage[] | null =>
  error instanceof ApiError && error.status === 409 ? usageFrom(error.body.usage) : null;

export function useDeleteMedia(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteMedia(name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaLibraryKeys.all }),
  });
}
