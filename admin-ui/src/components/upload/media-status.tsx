import { useTranslation } from 'react-i18next';
import type { MediaInfo } from '@/lib/media-info';
import { formatBytes, formatList, mediaFacts } from '@/lib/responsive-image';

/**
 * What the server made of a stored file, under its preview: "Preparing sizes…" while it works,
 * then its dimensions, weight and sizes; why it could not (the original is used); or, for a file
 * used as uploaded (artwork, video), what is known of it. Numbers are isolated left to right so
 * the Arabic line keeps `1600 × 1067` readable.
 */
export function MediaStatus({ info }: { info: MediaInfo }) {
  const { t } = useTranslation();
  if (info.status === 'pending') {
    return (
      <p className="media-status media-status--pending">
        <span className="spinner spinner--tiny" aria-hidden="true" />
        {t('media.preparing')}
      </p>
    );
  }
  return (
    <>
      {info.status === 'failed' ? (
        <p className="media-status media-status--failed">
          {t('media.failed')}
          {info.error ? <> {info.error}</> : null}
        </p>
      ) : null}
      <MediaFacts info={info} />
    </>
  );
}

/** `1600 × 1067 px`, the numbers kept left to right in Arabic. */
export function Dimensions({ width, height }: { width: number; height: number }) {
  const { t } = useTranslation();
  return (
    <>
      <bdi dir="ltr">
        {width} × {height}
      </bdi>{' '}
      {t('media.pixels')}
    </>
  );
}

/** `8.3 MB` (decimal units, Latin digits in both languages). */
export function FileSize({ bytes }: { bytes: number }) {
  const { t, i18n } = useTranslation();
  const size = formatBytes(bytes, i18n.language);
  return (
    <>
      <bdi dir="ltr">{size.value}</bdi> {t(`media.${size.unit}`)}
    </>
  );
}

function MediaFacts({ info }: { info: MediaInfo }) {
  const { t, i18n } = useTranslation();
  const facts = mediaFacts(info);
  const formats = formatList(facts.formats, i18n.language);
  const items = [
    facts.width && facts.height ? (
      <li key="dimensions">
        <Dimensions width={facts.width} height={facts.height} />
      </li>
    ) : null,
    facts.bytes ? (
      <li key="bytes">
        <FileSize bytes={facts.bytes} />
      </li>
    ) : null,
    info.status === 'ready' && facts.sizes > 0 ? (
      <li key="sizes">
        {facts.sizes === 1
          ? t('media.sizesOne', { formats })
          : facts.sizes === 2
            ? t('media.sizesTwo', { formats })
            : t('media.sizesMany', { count: facts.sizes, formats })}
      </li>
    ) : null,
    info.status === 'original' ? <li key="original">{t('media.original')}</li> : null,
  ].filter(Boolean);
  if (items.length === 0) return null;
  return (
    <div className="media-facts">
      <ul aria-label={t('media.factsLabel')}>{items}</ul>
    </div>
  );
}
