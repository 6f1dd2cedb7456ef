/**
 * A desk list (contact enquiries or airport requests): when each came in (day and time), who,
 * how to reach them, what about (the kind's own column), a status that changes from the row,
 * who has it; the status filter and search; the trash with Bring back for owners; the export.
 */
import { QueryResult } from '@/components/ui/query-result';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import { DataTable, type Column } from '@/components/data-table/data-table';
import { NoMatch } from '@/components/data-table/list-toolbar';
import { isFiltered } from '@/components/data-table/use-list-filter';
import { Pagination } from '@/components/data-table/pagination';
import { PlusIcon, UndoIcon } from '@/components/icons/icons';
import { Page } from '@/components/layouts/page';
import { Button, ButtonLink } from '@/components/ui/button';
import { PAGE_SIZE } from '@/config/constants';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { usePageParam } from '@/hooks/use-page-param';
import { failureText, serverText } from '@/lib/messages';
import { clampPage, totalPages } from '@/lib/pagination';
import { usePermissions } from '@/lib/permissions';
import { useSettleItem } from '../api/desk-cache';
import { useUndeleteItem } from '../api/undelete-item';
import { useItems } from '../api/get-items';
import { useDeskChange } from '../hooks/use-desk-change';
import { useInboxFilter } from '../hooks/use-inbox-filter';
import type { Kind } from '../kinds';
import { isWaiting, type DeskRecord } from '../types';
import { ExportButton } from './export-button';
import { InboxFilters, InboxTrashToggle } from './inbox-filters';
import { PhoneLinks } from './phone-links';
import { Received } from './received';
import { PageLanguageTag, StatusBadge, WaitingMarker } from './status-badge';
import { StatusControl } from './status-control';

/** The row's status select: the change goes out against the row's version. */
function RowStatus<T extends DeskRecord>({ kind, item }: { kind: Kind<T>; item: T }) {
  const { t } = useTranslation();
  const desk = useDeskChange(kind);
  return (
    <StatusControl
      value={desk.pending?.status ?? item.status}
      busy={desk.busy}
      label={t('inbox.statusOf', { name: kind.itemName(item) })}
      onChange={(status) => void desk.change(item, { status })}
    />
  );
}

function BringBack<T extends DeskRecord>({ kind, item }: { kind: Kind<T>; item: T }) {
  const { t } = useTranslation();
  const undelete = useUndeleteItem(kind);
  const settle = useSettleItem();
  const run = async () => {
    try {
      const result = await undelete.mutateAsync(item.id);
      toast.success(serverText(result.message, t(kind.words.restored)));
      void settle(kind.name, result.item);
    } catch (error) {
      toast.error(failureText(error, t('inbox.trash.restoreFailed')));
    }
  };
  return (
    <Button
      variant="secondary"
      className="btn--small"
      icon={<UndoIcon width={16} height={16} />}
      busy={undelete.isPending}
      aria-label={t('inbox.trash.restoreName', { name: kind.itemName(item) })}
      onClick={() => void run()}
    >
      {t('inbox.trash.restore')}
    </Button>
  );
}

type InboxListProps<T extends DeskRecord> = {
  kind: Kind<T>;
  /** What the item is about: the kind's own column. */
  about: Column<T>;
  /** Filing one by hand (an enquiry taken by phone), for those who may edit enquiries. */
  add?: { label: string; to: string };
};

export function InboxList<T extends DeskRecord>({ kind, about, add }: InboxListProps<T>) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const [page, setPage] = usePageParam();
  const [filter, setFilter, setDeleted] = useInboxFilter();
  const trash = filter.deleted && can('enquiries.delete');
  const query = useItems(kind, page, { ...filter, deleted: trash });
  const { search } = useLocation();
  const title = t(kind.words.title);
  useDocumentTitle(title);
  const now = Date.now();
  const data = query.data;
  const pages = totalPages(data?.totalCount ?? 0, PAGE_SIZE);
  // After the last row of the last page went (a status filter, a delete), step back to a page that exists.
  useEffect(() => {
    if (data && pages > 0 && page > pages) setPage(clampPage(page, pages));
  }, [data, page, pages, setPage]);

  const columns: Column<T>[] = [
    {
      key: 'received',
      header: t('inbox.columns.received'),
      cell: (item) => (
        <span className="received-cell">
          <Received at={item.created_date} />
          {!trash && isWaiting(item, now) ? <WaitingMarker /> : null}
        </span>
      ),
    },
    {
      key: 'client',
      header: t('inbox.columns.client'),
      cell: (item) => {
        const client = kind.client(item);
        return (
          <span className="client-cell">
            {trash ? (
              <bdi className="cell-title">{client.name}</bdi>
            ) : (
              <Link className="cell-title client-cell__name" to={`${kind.detail(item.id)}${search}`} dir="auto">
                {client.name}
              </Link>
            )}
            <span className="client-cell__meta">
              {client.email ? (
                <bdi className="client-cell__email" dir="ltr" title={client.email}>
                  {client.email}
                </bdi>
              ) : null}
              <PageLanguageTag lang={item.lang} />
            </span>
          </span>
        );
      },
    },
    { key: 'phone', header: t('inbox.columns.phone'), cell: (item) => <PhoneLinks phone={kind.client(item).phone} /> },
    about,
    {
      key: 'status',
      header: t('inbox.columns.status'),
      cell: (item) =>
        can('enquiries.edit') && !trash ? <RowStatus kind={kind} item={item} /> : <StatusBadge status={item.status} />,
    },
    {
      key: 'assignee',
      header: t('inbox.columns.assignee'),
      cell: (item) =>
        item.assignee ? <bdi className="assignee">{item.assignee}</bdi> : <span className="assignee assignee--none">{t('inbox.assignee.nobody')}</span>,
    },
  ];
  if (trash) columns.push({ key: 'deleted', header: t('inbox.columns.deleted'), cell: (item) => (item.deleted_at ? <Received at={item.deleted_at} /> : '') });

  // An empty list says "No data available" (the specification's words for every empty table); under
  // a filter, also why, with the way back to every item.
  const emptyNote = !trash && isFiltered(filter) ? <NoMatch onClear={() => setFilter({ status: undefined, q: '' })} /> : undefined;

  return (
    <Page
      title={title}
      aside={data ? <p className="page__count">{data.totalCount}</p> : null}
      actions={
        trash ? null : (
          <>
            <ExportButton kind={kind} filter={filter} />
            {add && can('enquiries.edit') ? (
              <ButtonLink to={add.to} icon={<PlusIcon />}>
                {add.label}
              </ButtonLink>
            ) : null}
          </>
        )
      }
    >
      <div className="page__toolbar inbox-toolbar">
        <InboxFilters filter={filter} onChange={setFilter} placeholder={kind.words.searchPlaceholder} />
        {can('enquiries.delete') ? <InboxTrashToggle deleted={trash} onChange={setDeleted} /> : null}
      </div>
      {trash ? <p className="inbox-trash-hint">{t('inbox.trash.hint')}</p> : null}

      <div className={`card inbox-card${trash ? ' inbox-card--trash' : ''}`}>
        <QueryResult query={query}>
          <DataTable
            caption={trash ? t('inbox.trash.caption', { title }) : title}
            columns={columns}
            rows={data?.result ?? []}
            emptyNote={emptyNote}
            actionsHeader={trash ? t('common.actions') : undefined}
            actions={trash ? (item) => <BringBack kind={kind} item={item} /> : undefined}
          />
          <Pagination page={page} totalCount={data?.totalCount ?? 0} size={PAGE_SIZE} onChange={setPage} />
        </QueryResult>
      </div>
    </Page>
  );
}
