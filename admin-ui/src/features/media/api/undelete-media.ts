import { useMutation, useQueryClient } from '@tanstack/react-query';
import { save } from '@/lib/api-client';
import { mediaLibraryKeys } from '@/lib/media-library';
import type { MediaDetail } from '../types';

/** `POST /media/{name}/undelete`: out of the trash, served again. */
export const undeleteMedia = (name: string) => save<MediaDetail>('POST', `/media/${encodeURIComponent(name)}/undelete`, undefined);

export function useUndeleteMedia(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => undeleteMedia(name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaLibraryKeys.all }),
  });
}
