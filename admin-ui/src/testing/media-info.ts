/**
 * What `GET /media/{name}` answers, for tests: a 6000 × 4000 JPEG in every state; and the media
 * library's files, as its list and its page read them.
 */
import type { MediaDetail } from '@/features/media/types';
import type { MediaInfo, MediaVariant } from '@/lib/media-info';
import type { MediaItem } from '@/lib/media-library';

const WIDTHS = [160, 480, 800, 1200, 1600, 2400];

export function variantsOf(stem: string, fallback: 'jpg' | 'png' = 'jpg'): MediaVariant[] {
  const mime = fallback === 'jpg' ? 'image/jpeg' : 'image/png';
  return WIDTHS.flatMap((width) => {
    const height = Math.round((width * 2) / 3);
    return [
      { url: `/media/${stem}-${width}w.webp`, mime: 'image/webp', width, height },
      { url: `/media/${stem}-${width}w.${fallback}`, mime, width, height },
    ];
  });
}

export function mediaInfo(status: MediaInfo['status'], overrides: Partial<MediaInfo> = {}): MediaInfo {
  const url = overrides.url ?? '/media/dunes.jpg';
  const stem = url.replace(/^.*\/media\//, '').replace(/\.[a-z0-9]+$/i, '');
  return {
    url,
    status,
    width: 6000,
    height: 4000,
    bytes: 8_300_000,
    color: '#8a7f70',
    preview: 'data:image/webp;base64,UklGRg==',
    variants: status === 'ready' ? variantsOf(stem) : [],
    error: status === 'failed' ? 'The image could not be decoded.' : null,
    ...overrides,
  };
}

/** The one-item envelope of the endpoint. */
export const infoBody = (info: MediaInfo) => ({ responseBody: [info] });

/** A file of the media library as its list gives it: a described-nowhere photograph used once. */
export function libraryItem(overrides: Partial<MediaItem> = {}): MediaItem {
  const name = overrides.name ?? 'dunes.jpg';
  const stem = name.replace(/\.[a-z0-9]+$/i, '');
  return {
    name,
    url: `/media/${name}`,
    original_name: 'Dunes at dawn.jpg',
    mime: 'image/jpeg',
    width: 1600,
    height: 1067,
    bytes: 1_600_000,
    status: 'ready',
    alt: null,
    alt_ar: null,
    focal_x: null,
    focal_y: null,
    created_at: '2026-11-20T08:00:00Z',
    uploaded_by: 'amira',
    usage_count: 1,
    deleted_at: null,
    thumbnail: `/media/${stem}-160w.jpg`,
    ...overrides,
  };
}

/** `GET /media/{name}` of the library's page: the item, its sizes and where it is used. */
export function libraryDetail(overrides: Partial<MediaDetail> = {}): MediaDetail {
  const item = libraryItem(overrides);
  const stem = item.name.replace(/\.[a-z0-9]+$/i, '');
  return {
    ...item,
    color: '#8a7f70',
    preview: null,
    variants: item.status === 'ready' && item.mime === 'image/jpeg' ? variantsOf(stem) : [],
    error: null,
    usage: [],
    ...overrides,
  };
}
