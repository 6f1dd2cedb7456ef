import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '@/config/constants';
import { SearchIcon } from '../icons/icons';
import {
  isListStatus,
  LIST_STATUSES,
  type ListFilter,
  type SetListFilter,
  type SetStatusFilter,
  type StatusFilter,
} from './use-list-filter';

/** What a status-and-search form says, in the admin's language. */
export type StatusSearchWords = { form: string; status: string; all: string; search: string; placeholder: string };

type StatusSearchProps<S extends string> = {
  filter: StatusFilter<S>;
  onChange: SetStatusFilter<S>;
  /** The statuses offered, in order, and the name of each. */
  statuses: readonly S[];
  statusLabel: (status: S) => string;
  isStatus: (value: unknown) => value is S;
  words: StatusSearchWords;
  className?: string;
  /** Offer "All" (no status) first; without it one of `statuses` is always chosen. */
  offerAll?: boolean;
};

/**
 * A list's status select and search box (the content lists' and the enquiry inbox's). The
 * search asks the server once typing pauses (or at once on Enter); each search replaces the
 * address rather than stacking history. Enter submits this search only, never a form around it
 * (a picker dialog opened from a content form is inside that form in React's tree).
 */
export function StatusSearch<S extends string>({
  filter,
  onChange,
  statuses,
  statusLabel,
  isStatus,
  words,
  className = 'list-toolbar',
  offerAll = true,
}: StatusSearchProps<S>) {
  const statusId = useId();
  const searchId = useId();
  const [text, setText] = useState(filter.q);
  const [shown, setShown] = useState(filter.q);
  // The address changed elsewhere (Back, Clear the filter): the box shows what it now says.
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
      aria-label={words.form}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        if (text.trim() !== filter.q.trim()) onChange({ q: text }, { replace: true });
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor={statusId}>
          {words.status}
        </label>
        <select
          id={statusId}
          className="input input--select"
          value={filter.status ?? ''}
          onChange={(event) => onChange({ status: isStatus(event.target.value) ? event.target.value : undefined })}
        >
          {offerAll ? <option value="">{words.all}</option> : null}
          {statuses.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </div>
      <div className="field field--inline">
        <label className="field__label" htmlFor={searchId}>
          {words.search}
        </label>
        <div className="input-with-icon">
          <SearchIcon width={18} height={18} />
          <input
            id={searchId}
            className="input"
            type="search"
            value={text}
            placeholder={words.placeholder}
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

/** A content list's status select (All, Draft, Scheduled, On the site, Changes pending, Ended) and search box. */
export function ListToolbar({ filter, onChange }: { filter: ListFilter; onChange: SetListFilter }) {
  const { t } = useTranslation();
  return (
    <StatusSearch
      filter={filter}
      onChange={onChange}
      statuses={LIST_STATUSES}
      isStatus={isListStatus}
      statusLabel={(status) => (status === 'pending' ? t('lifecycle.pending') : t(`lifecycle.standing.${status}`))}
      words={{ form: t('list.label'), status: t('lifecycle.status'), all: t('list.all'), search: t('list.search'), placeholder: t('list.searchPlaceholder') }}
    />
  );
}

/** Under an empty table's "No data available" when a filter is on: why, and the way back to every item. */
export function NoMatch({ onClear }: { onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="no-match__hint">{t('list.noMatchHint')}</p>
      <button type="button" className="btn btn--secondary btn--small" onClick={onClear}>
        {t('list.clear')}
      </button>
    </>
  );
}
