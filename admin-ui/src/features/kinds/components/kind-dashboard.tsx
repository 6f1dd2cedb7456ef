import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudDashboard, type ListState } from '@/components/data-table/crud-dashboard';
import type { Column } from '@/components/data-table/data-table';
import { useListFilter } from '@/components/data-table/use-list-filter';
import { StatusCell } from '@/components/lifecycle/lifecycle-panel';
import { kindFormPath } from '@/config/paths';
import { usePageParam } from '@/hooks/use-page-param';
import { formatDate } from '@/lib/dates';
import { kindLabel, type DeclaredKind } from '@/lib/kinds';
import { ACCESS } from '@/lib/permissions';
import { trackPublish } from '@/lib/publish-status';
import { useDeleteItem } from '../api/delete-item';
import { useItems } from '../api/get-items';
import { legacyColumns, shapeOf } from '../legacy';
import { useParentChoice } from '../parent';
import type { Item } from '../types';
import { nameField, nameOf } from '../values';
import { useKindWords } from '../words';
import { ItemDetails } from './item-details';
import { useShown } from './shown';

const BOOKKEEPING = { created_at: 'common.createdAt', updated_at: 'common.updatedAt' } as const;

/** The declared columns, the pictures first and the item's name next, with `status` after the name (the first column that is not a picture). */
function declaredColumns(declared: Column<Item>[], named: string | undefined, status: Column<Item>): Column<Item>[] {
  const rank = (column: Column<Item>) => (column.width === 'media' ? 0 : column.key === named ? 1 : 2);
  const ordered = [...declared].sort((a, b) => rank(a) - rank(b));
  const at = ordered.findIndex((column) => column.width !== 'media') + 1;
  return at > 0 ? [...ordered.slice(0, at), status, ...ordered.slice(at)] : [...ordered, status];
}

/**
 * The list of a kind the server declares with no screens of its own: its declared columns, the
 * item's name first after its pictures and its status after the name, as the other lists have them;
 * or the columns its former screen had (`legacyColumns`), in their order.
 */
export function KindDashboard({ kind }: { kind: DeclaredKind }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = usePageParam();
  const [filter, setFilter] = useListFilter();
  // A kind listed by its parent lists the chosen parent's items.
  const parent = useParentChoice(kind);
  const items = useItems(kind, page, filter, parent?.selected);
  const remove = useDeleteItem(kind);
  const shown = useShown(kind);
  const words = useKindWords(kind);
  const named = nameField(kind)?.name;
  const status: Column<Item> = { key: 'status', header: t('lifecycle.status'), cell: (item) => <StatusCell record={item} /> };

  const columnOf = (name: string): Column<Item>[] => {
    if (name === 'status') return [status];
    if (name === 'created_at' || name === 'updated_at')
      return [{ key: name, header: t(BOOKKEEPING[name]), cell: (item) => formatDate(item[name]) }];
    const field = kind.fields.find((f) => f.name === name);
    if (!field) return [];
    const header = words.column(field);
    if (field.type === 'image') return [{ key: name, header, width: 'media', cell: (item) => shown(field, item) }];
    // A name written as a key (code) is not set as a title.
    if (name === named && shapeOf(kind, field) !== 'key')
      return [{ key: name, header, width: 'wide', cell: (item) => <span className="cell-title">{shown(field, item)}</span> }];
    return [{ key: name, header, width: field.type === 'number' ? 'narrow' : undefined, cell: (item) => shown(field, item) }];
  };
  const columns = legacyColumns(kind)?.flatMap(columnOf) ?? declaredColumns(kind.listColumns.flatMap(columnOf), named, status);
  const parentField = parent ? kind.fields.find((field) => field.name === parent.field) : undefined;
  const parents = parent?.query;
  // The table follows the parents first: their failure, their loading, or none at all.
  const query: ListState<Item> =
    parents && (parents.isError || parents.isPending)
      ? { data: undefined, isPending: parents.isPending, isError: parents.isError, error: parents.error, refetch: parents.refetch }
      : parent && parent.selected === undefined
        ? { data: { result: [], totalCount: 0 }, isPending: false, isError: false, error: null, refetch: () => parents?.refetch() }
        : items;

  return (
    <CrudDashboard<Item>
      title={words.label}
      access={ACCESS.content}
      toolbar={parent && parentField ? <ParentPicker parent={parent} label={words.field(parentField)} none={words.none(parentField, parent.target ? kindLabel(parent.target, i18n.language) : '')} /> : undefined}
      add={{ label: words.say('add'), to: parent ? parent.listOf(kindFormPath(kind.kind), parent.selected) : kindFormPath(kind.kind) }}
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

type Parent = NonNullable<ReturnType<typeof useParentChoice>>;

/** The choice of the parent whose items the list shows, above the table (the first preselected). */
function ParentPicker({ parent, label, none }: { parent: Parent; label: string; none: string }) {
  const id = useId();
  const { options, selected, select } = parent;
  return (
    <div className="field field--inline">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="input input--select" value={selected ?? ''} disabled={options.length === 0} onChange={(event) => select(Number(event.target.value))}>
        {options.length === 0 ? <option value="">{none}</option> : null}
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}
