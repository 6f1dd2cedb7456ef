/**
 * What the server knows of an uploaded file: `GET /media/{name}` (bearer) →
 * `{"responseBody": [info]}`. `pending` while its responsive sizes are being made (read again
 * every 1.5 s), then `ready`, `failed` (the original is used, `error` says why) or `original`
 * (not a photograph: used as uploaded). A 404 (a file uploaded before the server kept records,
 * an address elsewhere) and any address outside `/media/` mean a plain image: `null`, never an
 * error. Kept by address, read once when settled.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MEDIA_POLL_MS, MEDIA_POLL_PATIENCE, MEDIA_POLL_SLOW_MS } from '@/config/constants';
import { ApiError, getOne } from './api-client';
import { usePermissions } from './permissions';

export type MediaStatus = 'pending' | 'ready' | 'failed' | 'original';

export type MediaVariant = { url: string; mime: string; width: number; height: number };

export type MediaInfo = {
  url: string;
  status: MediaStatus;
  width: number | null;
  height: number | null;
  bytes: number | null;
  color: string | null;
  preview: string | null;
  variants: MediaVariant[];
  error: string | null;
};

const STATUSES: readonly string[] = ['pending', 'ready', 'failed', 'original'] satisfies MediaStatus[];

/** The stored name of a `/media/<name>` address (relative or absolute), else `null`. */
export function mediaName(url: string | null | undefined): string | null {
  if (!url) return null;
  let path: string;
  try {
    path = new URL(url, 'http://relative.invalid').pathname;
  } catch {
    return null;
  }
  const match = /^\/media\/([^/]+)$/.exec(path);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

const whole = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : null;
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function variantOf(raw: unknown): MediaVariant | null {
  const value = (raw ?? {}) as Record<string, unknown>;
  const url = text(value.url);
  const mime = text(value.mime);
  const width = whole(value.width);
  const height = whole(value.height);
  return url && mime && width && height ? { url, mime, width, height } : null;
}

/** The server's answer, checked field by field: what does not fit is left out. */
export function parseMediaInfo(raw: unknown, url: string): MediaInfo | null {
  const value = (raw ?? {}) as Record<string, unknown>;
  if (typeof value.status !== 'string' || !STATUSES.includes(value.status)) return null;
  return {
    url: text(value.url) ?? url,
    status: value.status as MediaStatus,
    width: whole(value.width),
    height: whole(value.height),
    bytes: whole(value.bytes),
    color: text(value.color),
    preview: text(value.preview),
    variants: Array.isArray(value.variants) ? value.variants.map(variantOf).filter((v): v is MediaVariant => v !== null) : [],
    error: text(value.error),
  };
}

/** The record of the file at `url`, or `null` when the server has none. */
export async function getMediaInfo(url: string, signal?: AbortSignal): Promise<MediaInfo | null> {
  const name = mediaName(url);
  if (name === null) return null;
  try {
    return parseMediaInfo(await getOne<unknown>(`/media/${encodeURIComponent(name)}`, signal), url);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

const pending = (query: { state: { data?: MediaInfo | null } }) => query.state.data?.status === 'pending';

export const mediaInfoKeys = { all: ['media-info'] as const, one: (url: string) => ['media-info', url] as const };

export const getMediaInfoQueryOptions = (url: string) =>
  queryOptions({
    queryKey: mediaInfoKeys.one(url),
    queryFn: ({ signal }) => getMediaInfo(url, signal),
    enabled: mediaName(url) !== null,
    // Settled (ready, failed, original, or no record) is settled for good.
    staleTime: (query) => (query.state.data === undefined || pending(query) ? 0 : Infinity),
    refetchInterval: (query) =>
      pending(query) ? (query.state.dataUpdateCount < MEDIA_POLL_PATIENCE ? MEDIA_POLL_MS : MEDIA_POLL_SLOW_MS) : false,
  });

/**
 * What the server knows of the file at `url`: `data` is `null` (or absent) for a plain image, and
 * for an administrator whose role may not use the media library (a translator, the desk), who is
 * never refused it: their screens show the file as a plain image.
 */
export function useMediaInfo(url: string | null | undefined) {
  const { can } = usePermissions();
  const options = getMediaInfoQueryOptions(url ?? '');
  return useQuery({ ...options, enabled: options.enabled && can('media.upload') });
}
