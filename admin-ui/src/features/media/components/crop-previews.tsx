import { useTranslation } from 'react-i18next';
import { StoredImage } from '@/components/ui/media';
import { objectPosition, type FocalPoint } from './focal-point-picker';

/** The crops the site makes of a picture, widest first (`object-fit: cover` around the focal point). */
const CROPS = [
  { key: 'wide', ratio: '16 / 9', width: 200 },
  { key: 'card', ratio: '3 / 2', width: 150 },
  { key: 'square', ratio: '1 / 1', width: 100 },
] as const;

/**
 * How the site crops the picture with this focal point: a wide banner, a card and a square
 * avatar, updated as the point moves (before it is saved).
 */
export function CropPreviews({ src, point }: { src: string; point: FocalPoint | null }) {
  const { t } = useTranslation();
  const position = objectPosition(point);
  return (
    <div className="crop-previews" role="group" aria-label={t('library.focal.previews')}>
      {CROPS.map((crop) => (
        <figure key={crop.key} className={`crop-preview crop-preview--${crop.key}`} style={{ inlineSize: crop.width }}>
          <StoredImage
            className="crop-preview__img"
            src={src}
            alt=""
            sizes={`${crop.width}px`}
            slotWidth={crop.width}
            style={{ aspectRatio: crop.ratio, objectFit: 'cover', objectPosition: position }}
          />
          <figcaption>{t(`library.focal.${crop.key}`)}</figcaption>
        </figure>
      ))}
    </div>
  );
}
