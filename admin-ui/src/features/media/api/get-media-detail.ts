import { queryOptions, useQuery } from '@tanstack/react-query';
import { MEDIA_POLL_MS } from '@/config/constants';
import { getOne } from '@/lib/api-client';
import { mediaInfoKeys, parseMediaInfo } from '@/lib/media-info';
import { mediaLibraryKeys, type MediaItem } from '@/lib/media-library';
import type { MediaDetail } from '../types';

/** `GET /media/{name}`: the file, what the server made of it, and where it is used. */
export const getMediaDetail = (name: string, signal?: AbortSignal) => getOne<MediaDetail>(`/media/${encodeURIComponent(name)}`, signal);

export const getMediaDetailQueryOptions = (name: string) =>
  queryOptions({
    queryKey: mediaLibraryKeys.detail(name),
    queryFn: async ({ signal, client }) => {
      const detail = await getMediaDetail(name, signal);
      // The same answer is what an image of the file reads (its sizes): no second request for it.
      client.setQueryData(mediaInfoKeys.one(detail.url), parseMediaInfo(detail, detail.url));
      return detail;
    },
    staleTime: 0,
    // Read again while its sizes are being made.
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? MEDIA_POLL_MS : false),
  });

/**
 * The file named `name`; `listed` (its tile's fields) shows at once while the rest is read. A file
 * in the trash is no longer served: its tile's fields are all there is (`enabled: false`).
 */
export const useMediaDetail = (name: string, listed: MediaItem | undefined, enabled = true) =>
  useQuery({
    ...getMediaDetailQueryOptions(name),
    enabled,
    placeholderData: listed ? { color: null, preview: null, variants: [], error: null, usage: [], ...listed } : undefined,
  });
