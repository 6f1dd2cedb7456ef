/**
 * The translations' worklist (ARCHITECTURE.md, "Review and translation"): every item whose Arabic
 * is missing or older than its English, grouped by kind, each field by its form's label with its
 * state. An item's title opens its form on the Arabic tab, where the English shows beside each
 * Arabic field; an outdated field's "The Arabic is still right" ends the mark without an edit.
 * The state and the kind filter the list and live in the address.
 */
import { useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Page } from '@/components/layouts/page';
import { QueryResult } from '@/components/ui/query-result';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { findKind, kindLabel, useKinds, type DeclaredKind } from '@/lib/kinds';
import { failureText, serverText } from '@/lib/messages';
import { useConfirmTranslation } from '../api/confirm-translation';
import { useTranslationsList } from '../api/get-translations';
import { isTranslationState, TRANSLATION_STATES, type FieldToTranslate, type ToTranslate, type TranslationFilters } from '../types';
import { KindGroup } from './kind-group';

/** The filters as the address holds them (`?state=outdated&kind=blog`); a state it does not know reads as every state. */
function useFilters(): [TranslationFilters, (next: TranslationFilters) => void] {
  const [params, setParams] = useSearchParams();
  const rawState = params.get('state');
  const kind = params.get('kind') || undefined;
  const state = isTranslationState(rawState) ? rawState : undefined;
  const filters = useMemo(() => ({ state, kind }), [state, kind]);
  const setFilters = (next: TranslationFilters) => {
    const search = new URLSearchParams();
    if (next.state) search.set('state', next.state);
    if (next.kind) search.set('kind', next.kind);
    setParams(search, { replace: true });
  };
  return [filters, setFilters];
}

/** Runs of items of one kind, in the order the server lists them (kind by kind). */
function byKind(items: readonly ToTranslate[]): ToTranslate[][] {
  const groups: ToTranslate[][] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last && last[0].kind === item.kind) last.push(item);
    else groups.push([item]);
  }
  return groups;
}

/** The kinds that have Arabic twins: the only ones the list can hold. */
const translatable = (kinds: readonly DeclaredKind[] | undefined) => (kinds ?? []).filter((kind) => kind.fields.some((field) => field.twin));

export function TranslationsPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('translations.title'));
  const [filters, setFilters] = useFilters();
  const list = useTranslationsList(filters);
  const kinds = useKinds();
  const confirm = useConfirmTranslation();
  const filtered = Boolean(filters.state || filters.kind);
  const stateId = useId();
  const kindId = useId();

  const listed = useRef<HTMLDivElement>(null);
  const stillRight = async (item: ToTranslate, field: FieldToTranslate) => {
    try {
      const done = await confirm.mutateAsync({ kind: item.kind, id: item.id, fields: [field.twin] });
      toast.success(serverText(done.message, t('translations.confirmed')));
      // Its button is gone with the list read again: the focus goes on to the next field to
      // look at, else the next item, else what the list says now, never to the page's start.
      requestAnimationFrame(() => {
        const next = listed.current?.querySelector<HTMLElement>('.translations__confirm, .work-title a, .no-match button');
        (next ?? document.getElementById(stateId))?.focus();
      });
    } catch (error) {
      toast.error(failureText(error, t('translations.confirmFailed')));
    }
  };
  /** The field whose confirmation is on its way, to show its button busy. */
  const confirming = confirm.isPending ? confirm.variables : undefined;

  return (
    <Page title={t('translations.title')} aside={list.data ? <p className="page__count">{list.data.length}</p> : null}>
      <p className="page__toolbar muted">{t('translations.intro')}</p>
      <form className="list-toolbar" role="search" aria-label={t('translations.filters.label')} onSubmit={(event) => event.preventDefault()}>
        <FilterSelect
          id={stateId}
          label={t('translations.filters.state')}
          value={filters.state ?? ''}
          onChange={(value) => setFilters({ ...filters, state: isTranslationState(value) ? value : undefined })}
          options={[
            ['', t('translations.filters.allStates')],
            ...TRANSLATION_STATES.map((state): [string, string] => [state, t(`translations.states.${state}`)]),
          ]}
        />
        <FilterSelect
          id={kindId}
          label={t('translations.filters.kind')}
          value={filters.kind ?? ''}
          onChange={(value) => setFilters({ ...filters, kind: value || undefined })}
          options={[['', t('translations.filters.allKinds')], ...translatable(kinds.data).map((kind): [string, string] => [kind.kind, kindLabel(kind, i18n.language)])]}
        />
      </form>
      <div ref={listed}>
        <QueryResult query={list}>
          {list.data?.length === 0 ? (
            <div className="card translations__empty no-match">
              <p className="no-match__title">{filtered ? t('translations.noMatch') : t('translations.empty')}</p>
              {filtered ? (
                <button type="button" className="btn btn--secondary btn--small" onClick={() => setFilters({})}>
                  {t('list.clear')}
                </button>
              ) : (
                <p className="muted">{t('translations.emptyHint')}</p>
              )}
            </div>
          ) : (
            byKind(list.data ?? []).map((items) => (
              <KindGroup
                key={items[0].kind}
                items={items}
                declared={findKind(kinds.data, items[0].kind)}
                confirming={confirming}
                onStillRight={stillRight}
              />
            ))
          )}
        </QueryResult>
      </div>
    </Page>
  );
}

type FilterSelectProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Each option's value and words, the first one "all". */
  options: [string, string][];
};

/** One of the list's filters: a labelled select. */
function FilterSelect({ id, label, value, onChange, options }: FilterSelectProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="input input--select" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([option, words]) => (
          <option key={option} value={option}>
            {words}
          </option>
        ))}
      </select>
    </div>
  );
}
