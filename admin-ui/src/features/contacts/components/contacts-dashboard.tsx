import { useTranslation } from 'react-i18next';
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
import { useDeleteContact } from '../api/delete-contact';
import { useExportContacts } from '../api/export-contacts';
import { useContacts } from '../api/get-contacts';
import type { Contact } from '../types';

const fullName = (c: Contact) => `${c.first_name} ${c.last_name}`.trim();

function DownloadExcel() {
  const { t } = useTranslation();
  const download = useExportContacts();
  const run = async () => {
    try {
      await download.mutateAsync();
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

export function ContactsDashboard() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const query = useContacts(page);
  const remove = useDeleteContact();
  return (
    <CrudDashboard<Contact>
      title={t('contacts.title')}
      add={{ label: t('contacts.add'), to: paths.addContact }}
      headerActions={<DownloadExcel />}
      query={query}
      page={page}
      onPageChange={setPage}
      rowName={fullName}
      columns={[
        { key: 'name', header: t('contacts.columns.name'), cell: (c) => <span className="cell-title">{fullName(c)}</span> },
        { key: 'email', header: t('contacts.columns.email'), cell: (c) => <span dir="ltr">{c.email}</span> },
        { key: 'phone', header: t('contacts.columns.phone'), cell: (c) => <span dir="ltr">{c.phone}</span> },
        { key: 'subject', header: t('contacts.columns.subject'), width: 'wide', cell: (c) => c.subject },
        { key: 'date', header: t('contacts.columns.date'), cell: (c) => formatDate(c.created_date) },
      ]}
      view={{
        title: t('contacts.details'),
        render: (c) => (
          <DetailsList
            items={[
              { label: t('contacts.fields.firstName'), value: c.first_name },
              { label: t('contacts.fields.lastName'), value: c.last_name },
              { label: t('contacts.fields.email'), value: <a href={`mailto:${c.email}`} dir="ltr">{c.email}</a> },
              { label: t('contacts.fields.phone'), value: <span dir="ltr">{c.phone}</span> },
              { label: t('contacts.fields.subject'), value: c.subject },
              { label: t('contacts.fields.message'), value: <p className="pre-line">{c.message}</p> },
              { label: t('contacts.fields.date'), value: formatDateTime(c.created_date) },
            ]}
          />
        ),
      }}
      editTo={(c) => formPath(paths.addContact, c.id)}
      remove={{ run: (c) => remove.mutateAsync(c.id), success: t('contacts.toast.deleted') }}
    />
  );
}
