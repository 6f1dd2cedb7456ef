/**
 * The media library's list (ARCHITECTURE.md, "Media library"): `GET /media?page&size&q&type&unused&deleted`
 * (bearer) → the list envelope of files, newest first; `q` searches the name a file was uploaded
 * under, `deleted=true` lists the trash. The Media page and every image field's "Choose from
 * library" read it; the page's own endpoints (one file, its changes, delete, bring back) live in
 * its feature.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MEDIA_PAGE_SIZE } from '@/config/constants';
import { getPage } from './api-client';
import type { MediaStatus } from './media-info';

/** What the type filter offers, in its order. */
export const MEDIA_TYPES = ['image', 'svg', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const isMediaType = (value: unknown): value is MediaType => (MEDIA_TYPES as readonly unknown[]).includes(value);

/** What a field showing pictures may take: photographs and artwork, not video. */
export const PICTURE_TYPES = ['image', 'svg'] as const satisfies readonly MediaType[];

/** One file of the library, as the list gives it. */
export type MediaItem = {
  /** The stored name (`<hash>.<ext>`): the file's key in every endpoint. */
  name: string;
  /** Its public address (`/media/<name>`): what a content field holds. */
  url: string;
  /** The file name it was uploaded under (what the search looks at). */
  original_name: string | null;
  mime: string;
  width: number | null;
  height: number | null;
  bytes: number;
  status: MediaStatus;
  alt: string | null;
  alt_ar: string | null;
  /** Where the subject is, from 0 to 1 across and down; `null`: the centre. */
  focal_x: number | null;
  focal_y: number | null;
  created_at: string;
  uploaded_by: string | null;
  /** How many content items show it. */
  usage_count: number;
  /** Set on a file in the trash. */
  deleted_at: string | null;
  /** A small variant's address (or the file's own). */
  thumbnail: string;
};

/** A view of the library: every type when `type` is undefined (or these types), no search when `q` is empty. */
export type MediaFilter = { type?: MediaType | readonly MediaType[]; q: string; unused: boolean; deleted: boolean };

export const mediaTypeOf = (item: Pick<MediaItem, 'mime'>): MediaType =>
  item.mime === 'image/svg+xml' ? 'svg' : item.mime.startsWith('video/') ? 'video' : 'image';

/** How a file is named to the admin: the name it was uploaded under, else its stored name. */
export const fileNameOf = (item: Pick<MediaItem, 'name' | 'original_name'>): string => item.original_name?.trim() || item.name;

/** A file with no English description (the Arabic page falls back to it): blind visitors get nothing. */
export const lacksAlt = (item: Pick<MediaItem, 'alt'>): boolean => !item.alt?.trim();

/** The list request's filters: only what is set. */
export const mediaQuery = (filter: MediaFilter) => ({
  q: filter.q.trim() || undefined,
  type: typeof filter.type === 'string' || filter.type === undefined ? filter.type : filter.type.join(',') || undefined,
  unused: filter.unused ? 'true' : undefined,
  deleted: filter.deleted ? 'true' : undefined,
});

/** Every query of the library lives under `all`, so a change refreshes the page and the pickers at once. */
export const mediaLibraryKeys = {
  all: ['media-library'] as const,
  lists: () => ['media-library', 'list'] as const,
  list: (page: number, filter: MediaFilter) => ['media-library', 'list', page, filter] as const,
  detail: (name: string) => ['media-library', 'detail', name] as const,
};

export const getMediaPage = (page: number, filter: MediaFilter, signal?: AbortSignal) =>
  getPage<MediaItem>('/media', page, MEDIA_PAGE_SIZE, signal, mediaQuery(filter));

export const getMediaPageQueryOptions = (page: number, filter: MediaFilter) =>
  queryOptions({
    queryKey: mediaLibraryKeys.list(page, filter),
    queryFn: ({ signal }) => getMediaPage(page, filter, signal),
    // While a new search loads, the grid keeps the files it has instead of a spinner.
    placeholderData: keepPreviousData,
  });

export const useMediaPage = (page: number, filter: MediaFilter) => useQuery(getMediaPageQueryOptions(page, filter));
