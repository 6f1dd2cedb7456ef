import { useTranslation } from 'react-i18next';
import { StatusSearch } from '@/components/data-table/list-toolbar';
import { TrashToggle } from '@/components/ui/trash-toggle';
import type { SetStatusFilter } from '@/components/data-table/use-list-filter';
import type { TKey } from '@/locales/types';
import { ENQUIRY_STATUSES, isEnquiryStatus, type EnquiryStatus, type InboxFilter } from '../types';

type InboxFiltersProps = {
  filter: InboxFilter;
  onChange: SetStatusFilter<EnquiryStatus>;
  placeholder: TKey;
};

/** The desk's status select and search box (every list's, with the desk's statuses and words). */
export function InboxFilters({ filter, onChange, placeholder }: InboxFiltersProps) {
  const { t } = useTranslation();
  return (
    <StatusSearch
      className="inbox-filters"
      filter={filter}
      onChange={onChange}
      statuses={ENQUIRY_STATUSES}
      isStatus={isEnquiryStatus}
      statusLabel={(status) => t(`inbox.status.${status}`)}
      words={{
        form: t('inbox.filter.label'),
        status: t('inbox.filter.status'),
        all: t('inbox.filter.all'),
        search: t('inbox.filter.search'),
        placeholder: t(placeholder),
      }}
    />
  );
}

/** The inbox or the trash (what was deleted in the last 30 days), as two pressed buttons. */
export function InboxTrashToggle({ deleted, onChange }: { deleted: boolean; onChange: (deleted: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <TrashToggle
      deleted={deleted}
      onChange={onChange}
      words={{ label: t('inbox.trash.view'), list: t('inbox.trash.inbox'), trash: t('inbox.trash.deleted') }}
    />
  );
}
