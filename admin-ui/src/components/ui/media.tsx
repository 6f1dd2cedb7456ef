/**
 * Uploaded images and videos. An image whose responsive sizes the server has made is a
 * `<picture>` (WebP, then the JPEG or PNG fallback, `srcset` and `sizes`, its real dimensions);
 * any other (sizes still being made, not a photograph, no record, an address elsewhere) is the
 * plain address, as uploaded.
 */
import type { CSSProperties } from 'react';
import { useMediaInfo } from '@/lib/media-info';
import { responsiveSources } from '@/lib/responsive-image';
import { isVideo } from '@/lib/upload';

/** The thumbnail's CSS width (`.thumb`), for its `sizes`. */
export const THUMB_WIDTH = 56;
/** The details view's widest image (`.dialog`). */
const DETAILS_SIZES = '(max-width: 600px) 100vw, 560px';

type StoredImageProps = {
  src: string;
  alt: string;
  className?: string;
  /** The `sizes` of the slot the image fills. */
  sizes: string;
  /** The slot's widest CSS width in pixels: the plain `src` is a fallback at least twice as wide. */
  slotWidth: number;
  style?: CSSProperties;
  /** Paint the image's average colour until it loads. */
  tint?: boolean;
  loading?: 'lazy' | 'eager';
};

/** An image from the media store, responsive once the server has made its sizes. */
export function StoredImage({ src, alt, className, sizes, slotWidth, style, tint = false, loading = 'lazy' }: StoredImageProps) {
  const { data: info } = useMediaInfo(src);
  const sources = responsiveSources(info, slotWidth * 2);
  const tinted = tint && info?.color ? { backgroundColor: info.color, ...style } : style;
  if (!sources) {
    return (
      <img
        className={className}
        src={src}
        alt={alt}
        width={info?.width ?? undefined}
        height={info?.height ?? undefined}
        loading={loading}
        decoding="async"
        style={tinted}
      />
    );
  }
  return (
    <picture className="picture">
      {sources.webpSrcSet ? <source type="image/webp" srcSet={sources.webpSrcSet} sizes={sizes} /> : null}
      <img
        className={className}
        src={sources.src}
        srcSet={sources.srcSet}
        sizes={sizes}
        alt={alt}
        width={sources.width}
        height={sources.height}
        loading={loading}
        decoding="async"
        style={tinted}
      />
    </picture>
  );
}

type MediaProps = { src: string; alt: string; className?: string; sizes?: string; slotWidth?: number };

/** An uploaded image or video, shown as such. */
export function Media({ src, alt, className = '', sizes = DETAILS_SIZES, slotWidth = 560 }: MediaProps) {
  if (!src) return null;
  return isVideo(src) ? (
    <video className={`media ${className}`} src={src} controls muted playsInline aria-label={alt} />
  ) : (
    <StoredImage className={`media ${className}`} src={src} alt={alt} sizes={sizes} slotWidth={slotWidth} tint />
  );
}

/** A small table thumbnail. */
export function Thumb({ src, alt }: { src: string; alt: string }) {
  if (!src) return <span className="thumb thumb--empty" aria-hidden="true" />;
  return isVideo(src) ? (
    <video className="thumb" src={src} muted playsInline preload="metadata" aria-label={alt} />
  ) : (
    <StoredImage className="thumb" src={src} alt={alt} sizes={`${THUMB_WIDTH}px`} slotWidth={THUMB_WIDTH} tint />
  );
}
