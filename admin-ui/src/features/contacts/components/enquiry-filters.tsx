import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '@/components/icons/icons';
import { SEARCH_DEBOUNCE_MS } from '@/config/constants';
import { ENQUIRY_STATUSES, isEnquiryStatus, type EnquiryFilter } from '../types';

type EnquiryFiltersProps = {
  filter: EnquiryFilter;
  onChange: (change: Partial<EnquiryFilter>, options?: { replace?: boolean }) => void;
};

/**
 * The inbox's status select and search box. The search asks the server once typing pauses
 * (or at once on Enter); each search replaces the address rather than stacking history.
 */
export function EnquiryFilters({ filter, onChange }: EnquiryFiltersProps) {
  const { t } = useTranslation();
  const statusId = useId();
  const searchId = useId();
  const [text, setText] = useState(filter.q);
  const [shown, setShown] = useState(filter.q);
  // The address changed elsewhere (Back, a link): the box shows what it now says.
  if (filter.q !== shown) {
    setShown(filter.q);
    if (filter.q !== text.trim()) setText(filter.q);
  }

  useEffect(() => {
    if (text.trim() === filter.q.trim()) return undefined;
    const timer = window.setTimeout(() => onChange({ q: text }, { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, filter.q, onChange]);

  return (
    <form
      role="search"
      aria-label={t('contacts.filter.label')}
      className="inbox-filters"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() !== filter.q.trim()) onChange({ q: text }, { replace: true });
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor={statusId}>
          {t('contacts.filter.status')}
        </label>
        <select
          id={statusId}
          className="input input--select"
          value={filter.status ?? ''}
          onChange={(event) => onChange({ status: isEnquiryStatus(event.target.value) ? event.target.value : undefined })}
        >
          <option value="">{t('contacts.filter.all')}</option>
          {ENQUIRY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`contacts.status.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field field--inline">
        <label className="field__label" htmlFor={searchId}>
          {t('contacts.filter.search')}
        </label>
        <div className="input-with-icon">
          <SearchIcon width={18} height={18} />
          <input
            id={searchId}
            className="input"
            type="search"
            value={text}
            placeholder={t('contacts.filter.searchPlaceholder')}
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
      </div>
    </form>
  );
}
