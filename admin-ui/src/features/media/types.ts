/** One file of the media library as its page reads it (ARCHITECTURE.md, "Media library"). */
import type { KindName } from '@/components/lifecycle/api';
import type { MediaVariant } from '@/lib/media-info';
import type { MediaItem } from '@/lib/media-library';

/** A content item that shows the file, and in which of its fields. */
export type MediaUsage = {
  kind: KindName;
  id: number;
  title: string;
  /** The field's name (`image_url`, `description_ar`). */
  field: string;
  /** Only the item's unpublished pending change shows it. */
  pending?: boolean;
};

/** `GET /media/{name}`: the list's fields, what the server made of the file, and where it is used. */
export type MediaDetail = MediaItem & {
  color: string | null;
  /** A tiny blurred stand-in (`data:` URI). */
  preview: string | null;
  variants: MediaVariant[];
  /** Why its sizes could not be made. */
  error: string | null;
  usage: MediaUsage[];
};

/** What the page changes: `null` clears. */
export type MediaChange = { alt: string | null; alt_ar: string | null; focal_x: number | null; focal_y: number | null };

/** The server's bound on a description (both languages). */
export const ALT_MAX = 300;

/** The usage a refused delete (409) lists, read defensively. */
export function usageFrom(value: unknown): MediaUsage[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw: unknown) => {
    const entry = (raw ?? {}) as Record<string, unknown>;
    if (typeof entry.kind !== 'string' || typeof entry.id !== 'number') return [];
    return [
      {
        kind: entry.kind,
        id: entry.id,
        title: typeof entry.title === 'string' ? entry.title : '',
        field: typeof entry.field === 'string' ? entry.field : '',
        pending: entry.pending === true,
      },
    ];
  });
}
