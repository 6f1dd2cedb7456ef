import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { CrudDashboard } from '@/components/data-table/crud-dashboard';
import { DownloadIcon } from '@/components/icons/icons';
import { Button } from '@/components/ui/button';
import { DetailsList } from '@/components/ui/details-list';
import { formPath, paths } from '@/config/paths';
import { usePageParam } from '@/hooks/use-page-param';
import { ApiError } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/dates';
import { serverText } from '@/lib/messages';
import { ACCESS } from '@/lib/permissions';
import { useDeleteContact } from '../api/delete-contact';
import { useExportContacts } from '../api/export-contacts';
import { useContacts } from '../api/get-contacts';
import { useEnquiryFilter } from '../hooks/use-enquiry-filter';
import { isWaiting, type Contact, type EnquiryFilter } from '../types';
import { EnquiryFilters } from './enquiry-filters';
import { PageLanguageTag, StatusBadge, WaitingMarker } from './enquiry-status';

const fullName = (c: Contact) => `${c.first_name} ${c.last_name}`.trim();

/** The spreadsheet of what the dashboard shows: the same status and search. */
function DownloadExcel({ filter }: { filter: EnquiryFilter }) {
  const { t } = useTranslation();
  const download = useExportContacts();
  const run = async () => {
    try {
      await download.mutateAsync(filter);
      toast.success(t('contacts.toast.downloaded'));
    } catch (error) {
      // 404: nothing to export (the server says so); anything else is a failed download.
      if (error instanceof ApiError && error.status === 404) toast.error(serverText(error.message, t('contacts.toast.noData')));
      else toast.error(t('contacts.toast.downloadFailed'));
    }
  };
  return (
    <Button variant="secondary" icon={<DownloadIcon />} busy={download.isPending} onClick={() => void run()}>
      {download.isPending ? t('contacts.downloading') : t('contacts.download')}
    </Button>
  );
}

function StatusCell({ contact, now }: { contact: Contact; now: number }) {
  return (
    <span className="status-cell">
      <StatusBadge status={contact.status} />
      {isWaiting(contact, now) ? <WaitingMarker /> : null}
    </span>
  );
}

export function ContactsDashboard() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const [filter, setFilter] = useEnquiryFilter();
  const query = useContacts(page, filter);
  const remove = useDeleteContact();
  // The edit page carries the filter and page, and returns to them after a save.
  const { search } = useLocation();
  const now = Date.now();
  return (
    <CrudDashboard<Contact>
      title={t('contacts.title')}
      access={ACCESS.enquiries}
      add={{ label: t('contacts.add'), to: paths.addContact }}
      headerActions={<DownloadExcel filter={filter} />}
      toolbar={<EnquiryFilters filter={filter} onChange={setFilter} />}
      query={query}
      page={page}
      onPageChange={setPage}
      rowName={fullName}
      columns={[
        { key: 'name', header: t('contacts.columns.name'), cell: (c) => <span className="cell-title">{fullName(c)}</span> },
        { key: 'status', header: t('contacts.columns.status'), cell: (c) => <StatusCell contact={c} now={now} /> },
        { key: 'email', header: t('contacts.columns.email'), cell: (c) => <span dir="ltr">{c.email}</span> },
        { key: 'phone', header: t('contacts.columns.phone'), cell: (c) => <span dir="ltr">{c.phone}</span> },
        { key: 'subject', header: t('contacts.columns.subject'), width: 'wide', cell: (c) => c.subject },
        { key: 'lang', header: t('contacts.columns.lang'), cell: (c) => <PageLanguageTag lang={c.lang} /> },
        { key: 'date', header: t('contacts.columns.date'), cell: (c) => formatDate(c.created_date) },
      ]}
      view={{
        title: t('contacts.details'),
        render: (c) => (
          <DetailsList
            items={[
              { label: t('contacts.fields.status'), value: <StatusCell contact={c} now={now} /> },
              { label: t('contacts.fields.firstName'), value: c.first_name },
              { label: t('contacts.fields.lastName'), value: c.last_name },
              { label: t('contacts.fields.email'), value: <a href={`mailto:${c.email}`} dir="ltr">{c.email}</a> },
              { label: t('contacts.fields.phone'), value: <span dir="ltr">{c.phone}</span> },
              { label: t('contacts.fields.subject'), value: c.subject },
              { label: t('contacts.fields.message'), value: <p className="pre-line">{c.message}</p> },
              { label: t('contacts.fields.date'), value: formatDateTime(c.created_date) },
              { label: t('contacts.fields.lang'), value: t(c.lang === 'ar' ? 'contacts.lang.arPage' : 'contacts.lang.enPage') },
              { label: t('contacts.fields.notes'), value: c.notes ? <p className="pre-line">{c.notes}</p> : '' },
            ]}
          />
        ),
      }}
      editTo={(c) => `${formPath(paths.addContact, c.id)}${search}`}
      remove={{ run: (c) => remove.mutateAsync(c.id), success: t('contacts.toast.deleted') }}
    />
  );
}
