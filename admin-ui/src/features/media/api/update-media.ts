import { useMutation, useQueryClient } from '@tanstack/react-query';
import { save } from '@/lib/api-client';
import { mediaLibraryKeys } from '@/lib/media-library';
import type { MediaChange, MediaDetail } from '../types';

/**
 * `PUT /media/{name}` with the descriptions and the focal point (`null` clears): every page that
 * shows the file is republished. A 400 names its fields (`alt`, `focal_x`, …).
 */
export const updateMedia = (name: string, change: MediaChange) => save<MediaDetail>('PUT', `/media/${encodeURIComponent(name)}`, change);

export function useUpdateMedia(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: MediaChange) => updateMedia(name, change),
    onSuccess: (saved) => {
      if (saved.item) queryClient.setQueryData(mediaLibraryKeys.detail(name), saved.item);
      void queryClient.invalidateQueries({ queryKey: mediaLibraryKeys.lists() });
    },
  });
}
