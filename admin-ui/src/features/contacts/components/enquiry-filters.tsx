import { useTranslation } from 'react-i18next';
import { StatusSearch } from '@/components/data-table/list-toolbar';
import type { SetStatusFilter } from '@/components/data-table/use-list-filter';
import { ENQUIRY_STATUSES, isEnquiryStatus, type EnquiryFilter, type EnquiryStatus } from '../types';

type EnquiryFiltersProps = {
  filter: EnquiryFilter;
  onChange: SetStatusFilter<EnquiryStatus>;
};

/** The inbox's status select and search box (every list's, with the inbox's statuses and words). */
export function EnquiryFilters({ filter, onChange }: EnquiryFiltersProps) {
  const { t } = useTranslation();
  return (
    <StatusSearch
      className="inbox-filters"
      filter={filter}
      onChange={onChange}
      statuses={ENQUIRY_STATUSES}
      isStatus={isEnquiryStatus}
      statusLabel={(status) => t(`contacts.status.${status}`)}
      words={{
        form: t('contacts.filter.label'),
        status: t('contacts.filter.status'),
        all: t('contacts.filter.all'),
        search: t('contacts.filter.search'),
        placeholder: t('contacts.filter.searchPlaceholder'),
      }}
    />
  );
}
