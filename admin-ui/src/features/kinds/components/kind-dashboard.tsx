import { useTranslation } from 'react-i18next';
import { CrudDashboard } from '@/components/data-table/crud-dashboard';
import type { Column } from '@/components/data-table/data-table';
import { useListFilter } from '@/components/data-table/use-list-filter';
import { StatusBadge } from '@/components/lifecycle/lifecycle-panel';
import { kindFormPath } from '@/config/paths';
import { usePageParam } from '@/hooks/use-page-param';
import { formatDate } from '@/lib/dates';
import type { DeclaredKind } from '@/lib/kinds';
import { ACCESS } from '@/lib/permissions';
import { trackPublish } from '@/lib/publish-status';
import { useDeleteItem } from '../api/delete-item';
import { useItems } from '../api/get-items';
import type { Item } from '../types';
import { nameField, nameOf } from '../values';
import { useKindWords } from '../words';
import { ItemDetails } from './item-details';
import { useShown } from './shown';

const BOOKKEEPING = { created_at: 'common.createdAt', updated_at: 'common.updatedAt' } as const;

/**
 * The list of a kind the server declares with no screens of its own: its declared columns, the
 * item's name first after its pictures and its status after the name, as the other lists have them.
 */
export function KindDashboard({ kind }: { kind: DeclaredKind }) {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const [filter, setFilter] = useListFilter();
  const query = useItems(kind, page, filter);
  const remove = useDeleteItem(kind);
  const shown = useShown(kind);
  const words = useKindWords(kind);
  const named = nameField(kind)?.name;

  const declared: Column<Item>[] = kind.listColumns.flatMap((name): Column<Item>[] => {
    if (name === 'created_at' || name === 'updated_at')
      return [{ key: name, header: t(BOOKKEEPING[name]), cell: (item) => formatDate(item[name]) }];
    const field = kind.fields.find((f) => f.name === name);
    if (!field) return [];
    const header = words.field(field);
    if (field.type === 'image') return [{ key: name, header, width: 'media', cell: (item) => shown(field, item) }];
    if (name === named) return [{ key: name, header, width: 'wide', cell: (item) => <span className="cell-title">{shown(field, item)}</span> }];
    return [{ key: name, header, width: field.type === 'number' ? 'narrow' : undefined, cell: (item) => shown(field, item) }];
  });
  const rank = (column: Column<Item>) => (column.width === 'media' ? 0 : column.key === named ? 1 : 2);
  const ordered = [...declared].sort((a, b) => rank(a) - rank(b));
  // After the item's name (its first column that is not a picture).
  const status: Column<Item> = { key: 'status', header: t('lifecycle.status'), cell: (item) => <StatusBadge record={item} /> };
  const at = ordered.findIndex((column) => column.width !== 'media') + 1;
  const columns = at > 0 ? [...ordered.slice(0, at), status, ...ordered.slice(at)] : [...ordered, status];

  return (
    <CrudDashboard<Item>
      title={words.label}
      access={ACCESS.content}
      add={{ label: words.say('add'), to: kindFormPath(kind.kind) }}
      filter={{ value: filter, onChange: setFilter }}
      query={query}
      page={page}
      onPageChange={setPage}
      rowName={(item) => nameOf(kind, item)}
      columns={columns}
      view={{ title: words.say('details'), render: (item) => <ItemDetails kind={kind} item={item} /> }}
      editTo={(item) => kindFormPath(kind.kind, item.id)}
      remove={{
        run: (item) => remove.mutateAsync(item),
        success: words.say('toast.deleted'),
        failure: words.say('toast.deleteFailed'),
        onDone: () => void trackPublish(),
      }}
    />
  );
}
