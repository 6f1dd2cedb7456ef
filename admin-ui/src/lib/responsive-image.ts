/**
 * From what the server knows of an image to what a page needs: the `<picture>` sources (a WebP
 * `srcset` and one in the fallback format, JPEG or PNG) and the facts the upload field shows.
 */
import type { MediaInfo, MediaVariant } from './media-info';

const WEBP = 'image/webp';

export type ResponsiveSources = {
  /** The smallest fallback at least `minWidth` wide (the largest when none is). */
  src: string;
  /** Every fallback-format variant, `url 480w, …`. */
  srcSet: string;
  /** The WebP variants, when there are any. */
  webpSrcSet: string | null;
  width: number;
  height: number;
};

const byWidth = (a: MediaVariant, b: MediaVariant) => a.width - b.width;
const srcSetOf = (variants: MediaVariant[]) => variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');

/** The sources of a `ready` image, for a slot that wants `minWidth` pixels; `null` for a plain one. */
export function responsiveSources(info: MediaInfo | null | undefined, minWidth: number): ResponsiveSources | null {
  if (info?.status !== 'ready' || info.variants.length === 0) return null;
  const webp = info.variants.filter((variant) => variant.mime === WEBP).sort(byWidth);
  const others = info.variants.filter((variant) => variant.mime !== WEBP).sort(byWidth);
  const fallback = others.length > 0 ? others : webp;
  const src = fallback.find((variant) => variant.width >= minWidth) ?? fallback[fallback.length - 1];
  const largest = fallback[fallback.length - 1];
  return {
    src: src.url,
    srcSet: srcSetOf(fallback),
    webpSrcSet: others.length > 0 && webp.length > 0 ? srcSetOf(webp) : null,
    width: info.width ?? largest.width,
    height: info.height ?? largest.height,
  };
}

const FORMAT_NAMES: Record<string, string> = {
  'image/webp': 'WebP',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/avif': 'AVIF',
  'image/gif': 'GIF',
};

export type MediaFacts = {
  width: number | null;
  height: number | null;
  bytes: number | null;
  /** How many widths were made. */
  sizes: number;
  /** Their formats, modern first: `['WebP', 'JPEG']`. */
  formats: string[];
};

export function mediaFacts(info: MediaInfo): MediaFacts {
  const widths = new Set(info.variants.map((variant) => variant.width));
  const mimes = [...new Set(info.variants.map((variant) => variant.mime))].sort((a, b) => Number(b === WEBP) - Number(a === WEBP));
  return {
    width: info.width,
    height: info.height,
    bytes: info.bytes,
    sizes: widths.size,
    formats: mimes.map((mime) => FORMAT_NAMES[mime] ?? mime.replace(/^image\//, '').toUpperCase()),
  };
}

export type ByteUnit = 'bytes' | 'kilobytes' | 'megabytes';

/** `8300000` → `{value: '8.3', unit: 'megabytes'}` (decimal units, Latin digits in both languages). */
export function formatBytes(bytes: number, language: string): { value: string; unit: ByteUnit } {
  const locale = language === 'ar' ? 'ar-u-nu-latn' : 'en';
  const number = (value: number, digits: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  if (bytes >= 999_500) return { value: number(bytes / 1_000_000, 1), unit: 'megabytes' };
  if (bytes >= 1000) return { value: number(Math.round(bytes / 1000), 0), unit: 'kilobytes' };
  return { value: number(bytes, 0), unit: 'bytes' };
}

/** `['WebP', 'JPEG']` → `WebP and JPEG` / `WebP وJPEG`. */
export function formatList(items: string[], language: string): string {
  return new Intl.ListFormat(language === 'ar' ? 'ar' : 'en', { type: 'conjunction' }).format(items);
}

/** `0.42` → `42%` (Latin digits in both languages). */
export function formatPercent(share: number, language: string): string {
  return new Intl.NumberFormat(language === 'ar' ? 'ar-u-nu-latn' : 'en', { style: 'percent', maximumFractionDigits: 0 }).format(share);
}
