/**
 * A dashboard: header with its add button, a paged table (10 per page) whose rows have a
 * View / Edit / Delete menu, the details modal and the delete confirmation. Add, Edit and Delete
 * show only to those whose role may use them (`access`). A content list also has its status
 * filter and search above the table (`filter`). A delete refused because the row changed since the
 * list was read (409) says who changed it and when, and the list is read again.
 */
import { QueryResult } from '../ui/query-result';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PAGE_SIZE } from '@/config/constants';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { conflictOf, type Conflict, type Deleted, type Paged } from '@/lib/api-client';
import { failureText, serverText } from '@/lib/messages';
import { usePermissions, type Access } from '@/lib/permissions';
import { clampPage, totalPages } from '@/lib/pagination';
import { EyeIcon, PencilIcon, PlusIcon, TrashIcon } from '../icons/icons';
import { Page } from '../layouts/page';
import { clockInZone, useTimeZone } from '../lifecycle/time-zone';
import { ButtonLink } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Dialog } from '../ui/dialog';
import { RowMenu, type RowAction } from '../ui/row-menu';
import { DataTable, type Column } from './data-table';
import { ListToolbar, NoMatch } from './list-toolbar';
import { Pagination } from './pagination';
import { isFiltered, type ListFilter, type SetListFilter } from './use-list-filter';

/** What the table needs of its list query (a TanStack `UseQueryResult` fits). */
export type ListState<T> = {
  data?: Paged<T>;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

export type CrudDashboardProps<T extends { id: number }> = {
  title: string;
  /** The permissions of its list, add form, edit form and Delete. */
  access: Access;
  /** Under the title: what this dashboard holds. */
  toolbar?: ReactNode;
  /** A content list: its status filter and search, kept in the address (`useListFilter`). */
  filter?: { value: ListFilter; onChange: SetListFilter };
  add?: { label: string; to: string };
  headerActions?: ReactNode;
  columns: Column<T>[];
  query: ListState<T>;
  page: number;
  onPageChange: (page: number) => void;
  /** How a row is named in menus and the confirmation. */
  rowName: (row: T) => string;
  view?: { title: string; render: (row: T) => ReactNode };
  editTo?: (row: T) => string;
  remove: {
    run: (row: T) => Promise<Deleted>;
    success: string;
    /** The toast when the server gives no message; "An error occurred" by default. */
    failure?: string;
    onDone?: () => void;
  };
};

export function CrudDashboard<T extends { id: number }>(props: CrudDashboardProps<T>) {
  const { title, access, toolbar, filter, headerActions, columns, query, page, onPageChange, rowName, view, remove } = props;
  const { t } = useTranslation();
  const zone = useTimeZone();
  const { can } = usePermissions();
  const add = can(access.create) ? props.add : undefined;
  const editTo = can(access.edit) ? props.editTo : undefined;
  const navigate = useNavigate();
  const [viewing, setViewing] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(title);

  const data = query.data;
  const pages = totalPages(data?.totalCount ?? 0, PAGE_SIZE);
  // After deleting the last row of the last page, step back to the page that still exists.
  useEffect(() => {
    if (data && pages > 0 && page > pages) onPageChange(clampPage(page, pages));
  }, [data, page, pages, onPageChange]);

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      const result = await remove.run(deleting);
      toast.success(serverText(result.message, remove.success));
      remove.onDone?.();
    } catch (error) {
      const conflict = conflictOf(error);
      if (conflict) {
        toast.error(changedSince(conflict, rowName(deleting)));
        void query.refetch();
      } else toast.error(failureText(error, remove.failure ?? t('confirm.failed')));
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  /** "Not deleted: sara changed “Arrivals” at 10:02. …" */
  const changedSince = (conflict: Conflict, item: string) => {
    const name = conflict.by ?? t('merge.someone');
    const at = clockInZone(conflict.at, zone);
    return at ? t('confirm.changedAt', { name, item, at }) : t('confirm.changed', { name, item });
  };

  const actionsFor = (row: T): RowAction[] => {
    const actions: RowAction[] = [];
    if (view) actions.push({ key: 'view', label: t('common.view'), icon: <EyeIcon />, onSelect: () => setViewing(row) });
    if (editTo)
      actions.push({ key: 'edit', label: t('common.edit'), icon: <PencilIcon />, onSelect: () => navigate(editTo(row)) });
    if (can(access.delete))
      actions.push({ key: 'delete', label: t('common.delete'), icon: <TrashIcon />, tone: 'danger', onSelect: () => setDeleting(row) });
    return actions;
  };

  return (
    <Page
      title={title}
      aside={data ? <p className="page__count">{data.totalCount}</p> : null}
      actions={
        <>
          {headerActions}
          {add ? (
            <ButtonLink to={add.to} icon={<PlusIcon />}>
              {add.label}
            </ButtonLink>
          ) : null}
        </>
      }
    >
      {toolbar || filter ? (
        <div className="page__toolbar">
          {toolbar}
          {filter ? <ListToolbar filter={filter.value} onChange={filter.onChange} /> : null}
        </div>
      ) : null}

      <div className="card">
        <QueryResult query={query}>
          <DataTable
            caption={title}
            columns={columns}
            rows={data?.result ?? []}
            actionsHeader={t('common.actions')}
            emptyNote={filter && isFiltered(filter.value) ? <NoMatch onClear={() => filter.onChange({ status: undefined, q: '' })} /> : undefined}
            actions={(row) => {
              const actions = actionsFor(row);
              return actions.length > 0 ? <RowMenu label={t('common.actionsFor', { name: rowName(row) })} actions={actions} /> : null;
            }}
          />
          <Pagination page={page} totalCount={data?.totalCount ?? 0} size={PAGE_SIZE} onChange={onPageChange} />
        </QueryResult>
      </div>

      {view ? (
        <Dialog open={viewing !== null} title={view.title} onClose={() => setViewing(null)} size="large">
          {viewing ? view.render(viewing) : null}
        </Dialog>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        name={deleting ? rowName(deleting) : ''}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onClose={() => !busy && setDeleting(null)}
      />
    </Page>
  );
}
