/** What `GET /media/{name}` answers, for tests: a 6000 × 4000 JPEG in every state. */
import type { MediaInfo, MediaVariant } from '@/lib/media-info';

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
