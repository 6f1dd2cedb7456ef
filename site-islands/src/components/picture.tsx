import { dirOf } from '../lib/localized'
import type { Lang } from '../lib/lang'

/**
 * An image as the generator computed it (`ssg/src/picture.rs`, `Picture`): every attribute is
 * decided there — which file, which widths and formats, the real size, lazy or fetched first,
 * what is painted behind it — once for the templates and the islands alike.
 */
export type PictureData = {
  /** The fallback file. */
  src: string
  /** The fallback format's widths, `url 480w, url 800w, …` (`null`: a single file). */
  srcset: string | null
  /** One `<source>` per modern format (`image/webp`…); empty: a plain `<img>`. */
  sources: { type: string; srcset: string }[]
  sizes: string | null
  /** The real size (no layout shift). */
  width: number
  height: number
  /** `lazy`, or `null` for the page's largest image above the fold. */
  loading: 'lazy' | 'eager' | null
  /** `high` for the page's largest image above the fold. */
  fetchpriority: 'high' | 'low' | 'auto' | null
  /** The CSS `background` painted until the image arrives. */
  background: string | null
  /** What it shows, in the page's language (empty: it only decorates). */
  alt: string
  /** The focal point as CSS `object-position` (`null`: the centre). */
  position: string | null
  /** The alt text's language where it is not the text's around it (an English fallback on an
   * Arabic page): an attribute's language is its element's. */
  lang?: Lang
}

/**
 * Writes a {@link PictureData}: attribute for attribute what `Picture::html` writes for the
 * templates (`picture.fixtures.json` holds both to it), so copy fields, decide nothing here.
 */
export function Picture({ image, className, draggable }: { image: PictureData; className?: string; draggable?: boolean }) {
  const style =
    image.background != null || image.position != null
      ? {
          ...(image.background != null ? { background: image.background } : {}),
          ...(image.position != null ? { objectPosition: image.position } : {}),
        }
      : undefined
  const img = (
    <img
      src={image.src}
      srcSet={image.srcset ?? undefined}
      sizes={image.sizes ?? undefined}
      alt={image.alt}
      {...(image.lang ? { lang: image.lang, dir: dirOf(image.lang) } : {})}
      width={image.width}
      height={image.height}
      loading={image.loading ?? undefined}
      decoding="async"
      fetchPriority={image.fetchpriority ?? undefined}
      className={className}
      draggable={draggable}
      style={style}
    />
  )
  if (image.sources.length === 0) return img
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={image.sizes ?? ''} />
      ))}
      {img}
    </picture>
  )
}
