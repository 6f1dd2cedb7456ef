import { useTranslation } from 'react-i18next';
import { CrudDashboard } from '@/components/data-table/crud-dashboard';
import type { Column } from '@/components/data-table/data-table';
import { useListFilter } from '@/components/data-table/use-list-filter';
import { StatusBadge } from '@/components/lifecycle/lifecycle-panel';
import { kindFormPath } from '@/config/paths';
import { usePageParam } from '@/hooks/use-page-param';
import { formatDate } from '@/lib/dates';
import { inLanguage, type DeclaredKind } from '@/lib/kinds';
import { ACCESS } from '@/lib/permissions';
import { trackPublish } from '@/lib/publish-status';
import { useDeleteItem } from '../api/delete-item';
import { useItems } from '../api/get-items';
import type { Item } from '../types';
import { nameField, nameOf } from '../values';
import { ItemDetails } from './item-details';
import { useShown } from './shown';

const BOOKKEEPING = { created_at: 'common.createdAt', updated_at: 'common.updatedAt' } as const;

/** The list of a kind the server declares with no screens of its own: its declared columns and each item's status. */
export function KindDashboard({ kind }: { kind: DeclaredKind }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = usePageParam();
  const [filter, setFilter] = useListFilter();
  const query = useItems(kind, page, filter);
  const remove = useDeleteItem(kind);
  const shown = useShown(kind);
  const one = inLanguage(kind.one, i18n.language);
  const named = nameField(kind)?.name;

  const declared: Column<Item>[] = kind.listColumns.flatMap((name): Column<Item>[] => {
    if (name === 'created_at' || name === 'updated_at')
      return [{ key: name, header: t(BOOKKEEPING[name]), cell: (item) => formatDate(item[name]) }];
    const field = kind.fields.find((f) => f.name === name);
    if (!field) return [];
    const header = inLanguage(field.label, i18n.language);
    if (field.type === 'image') return [{ key: name, header, width: 'media', cell: (item) => shown(field, item) }];
    if (name === named) return [{ key: name, header, width: 'wide', cell: (item) => <span className="cell-title">{shown(field, item)}</span> }];
    return [{ key: name, header, width: field.type === 'number' ? 'narrow' : undefined, cell: (item) => shown(field, item) }];
  });
  // Where the other lists have it: after the item's name (its first column that is not a picture).
  const status: Column<Item> = { key: 'status', header: t('lifecycle.status'), cell: (item) => <StatusBadge record={item} /> };
  const at = declared.findIndex((column) => column.width !== 'media') + 1;
  const columns = at > 0 ? [...declared.slice(0, at), status, ...declared.slice(at)] : [...declared, status];

  return (
    <CrudDashboard<Item>
      title={inLanguage(kind.label, i18n.language)}
      access={ACCESS.content}
      add={{ label: t('kinds.add', { one }), to: kindFormPath(kind.kind) }}
      filter={{ value: filter, onChange: setFilter }}
      query={query}
      page={page}
      onPageChange={setPage}
      rowName={(item) => nameOf(kind, item)}
      columns={columns}
      view={{ title: t('kinds.details', { one }), render: (item) => <ItemDetails kind={kind} item={item} /> }}
      editTo={(item) => kindFormPath(kind.kind, item.id)}
      remove={{
        run: (item) => remove.mutateAsync(item),
        success: t('kinds.toast.deleted', { one }),
        failure: t('kinds.toast.deleteFailed', { one }),
        onDone: () => void trackPublish(),
      }}
    />
  );
}
