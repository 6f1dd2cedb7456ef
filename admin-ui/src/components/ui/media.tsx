import { isVideo } from '@/lib/upload';

type MediaProps = { src: string; alt: string; className?: string };

/** An uploaded image or video, shown as such. */
export function Media({ src, alt, className = '' }: MediaProps) {
  if (!src) return null;
  return isVideo(src) ? (
    <video className={`media ${className}`} src={src} controls muted playsInline aria-label={alt} />
  ) : (
    <img className={`media ${className}`} src={src} alt={alt} loading="lazy" />
  );
}

/** A small table thumbnail. */
export function Thumb({ src, alt }: { src: string; alt: string }) {
  if (!src) return <span className="thumb thumb--empty" aria-hidden="true" />;
  return isVideo(src) ? (
    <video className="thumb" src={src} muted playsInline preload="metadata" aria-label={alt} />
  ) : (
    <img className="thumb" src={src} alt={alt} loading="lazy" />
  );
}
