import { useTranslation } from 'react-i18next';
import { DetailsList } from '@/components/ui/details-list';
import { Media } from '@/components/ui/media';
import { formatDateTime } from '@/lib/dates';
import { arabicFieldsOf, inLanguage, type DeclaredKind } from '@/lib/kinds';
import type { Item } from '../types';
import { nameOf } from '../values';
import { useShown } from './shown';

/** Every field of an item, its pictures first; the Arabic ones right to left. */
export function ItemDetails({ kind, item }: { kind: DeclaredKind; item: Item }) {
  const { t, i18n } = useTranslation();
  const shown = useShown(kind);
  const arabic = new Set(arabicFieldsOf(kind));
  const images = kind.fields.filter((field) => field.type === 'image');
  const others = kind.fields.filter((field) => field.type !== 'image');
  return (
    <div className="details-view">
      {images.map((field) => (
        <Media key={field.name} src={String(item[field.name] ?? '')} alt={nameOf(kind, item)} className="details-view__media" />
      ))}
      <DetailsList
        items={[
          ...others.map((field) => ({
            label: inLanguage(field.label, i18n.language),
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
