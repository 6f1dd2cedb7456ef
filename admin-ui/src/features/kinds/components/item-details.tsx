import { useTranslation } from 'react-i18next';
import { DetailsList } from '@/components/ui/details-list';
import { Media } from '@/components/ui/media';
import { formatDateTime } from '@/lib/dates';
import { arabicFieldsOf, type DeclaredKind } from '@/lib/kinds';
import { useMediaInfo } from '@/lib/media-info';
import { isHidden } from '../legacy';
import type { Item } from '../types';
import { nameOf } from '../values';
import { useKindWords } from '../words';
import { useShown } from './shown';

/**
 * A picture as uploaded: a square or upright one (a reviewer's portrait) small and round, as the
 * site shows a face; a wide one across the dialog.
 */
function DetailsImage({ src, alt }: { src: string; alt: string }) {
  const { data: info } = useMediaInfo(src);
  const upright = Boolean(info?.width && info.height && info.height >= info.width);
  return <Media src={src} alt={alt} className={`details-view__media${upright ? ' details-view__media--portrait' : ''}`} />;
}

/** Every field of an item (but those its former screens hid), its pictures first; the Arabic ones right to left. */
export function ItemDetails({ kind, item }: { kind: DeclaredKind; item: Item }) {
  const { t } = useTranslation();
  const shown = useShown(kind);
  const words = useKindWords(kind);
  const arabic = new Set(arabicFieldsOf(kind));
  const images = kind.fields.filter((field) => field.type === 'image');
  const others = kind.fields.filter((field) => field.type !== 'image' && !isHidden(kind, field));
  return (
    <div className="details-view">
      {images.map((field) => (
        <DetailsImage key={field.name} src={String(item[field.name] ?? '')} alt={nameOf(kind, item)} />
      ))}
      <DetailsList
        items={[
          ...others.map((field) => ({
            label: words.detail(field),
            value: shown(field, item, 'details'),
            ...(arabic.has(field.name) ? { lang: 'ar', dir: 'rtl' as const } : {}),
          })),
          { label: t('common.createdAt'), value: formatDateTime(item.created_at) },
          { label: t('common.updatedAt'), value: formatDateTime(item.updated_at) },
        ]}
      />
    </div>
  );
}
