import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import { Pagination } from '@/components/data-table/pagination';
import { Page } from '@/components/layouts/page';
import { joinLabels, useKindFieldLabels } from '@/components/lifecycle/field-labels';
import { useKindName, useKindOfResource } from '@/components/lifecycle/kinds';
import { Spinner } from '@/components/ui/spinner';
import { PAGE_SIZE } from '@/config/constants';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDateTime } from '@/lib/dates';
import { failureText } from '@/lib/messages';
import { useAudit } from '../api/get-audit';
import type { AuditEntry, AuditFilters } from '../types';

/** The actions offered in the filter, families first. */
const ACTIONS = [
  'sign_in',
  'sign_in.success',
  'sign_in.failure',
  'sign_out',
  'password.changed',
  'password.reset',
  'totp.enabled',
  'totp.disabled',
  'totp.reset',
  'recovery_code.used',
  'session.ended',
  'admin.created',
  'admin.disabled',
  'admin.enabled',
  'admin.deleted',
  'admin.role_changed',
  'admin.email_changed',
  'denied',
  'content',
  'content.created',
  'content.updated',
  'content.deleted',
  'content.drafted',
  'content.unpublished',
  'content.undeleted',
  'content.discarded',
  'content.translation_confirmed',
  'content.review_requested',
  'content.review_returned',
  'content.scheduled_in',
  'content.scheduled_out',
  'content.purged',
  'enquiry',
  'enquiry.status_changed',
  'enquiry.notes_changed',
  'enquiry.assigned',
  'enquiry.note_added',
  'enquiry.updated',
  'enquiry.deleted',
  'enquiry.undeleted',
  'enquiry.purged',
  'subscriber.deleted',
  'media',
  'media.uploaded',
  'media.described',
  'media.deleted',
  'media.undeleted',
  'media.purged',
  'publish.failed',
  'export',
  'import',
] as const;

const FILTER_KEYS = ['actor', 'action', 'from', 'to'] as const;

/** A changed value as the log's table shows it: on one line, at most 60 characters (an empty one as “—”). */
const short = (value: string) => {
  const line = value.replace(/\s+/g, ' ').trim();
  if (!line) return '—';
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
};

/**
 * What a line is about, as the log names it: "Blog: Planning a London season", "Administrator:
 * editor1", or by its number where it has no name ("Blog #7", "Contact enquiry #4"); never by a
 * table's name.
 */
function ItemName({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation();
  const kindOfResource = useKindOfResource();
  const kindName = useKindName();
  const kind = entry.resource ? kindOfResource(entry.resource) : undefined;
  if (!entry.resource) return <>—</>;
  const title = (entry.name ?? '').trim();
  const item = `audit.items.${entry.resource}`;
  const what = kind ? kindName(kind) : i18n.exists(item) ? t(item as 'audit.items.admin_user') : entry.resource;
  return (
    <span>
      {what}
      {title ? (
        <>
          : <bdi>{title}</bdi>
        </>
      ) : (
        <>
          {' '}
          <bdi dir="ltr">#{entry.resource_id ?? ''}</bdi>
        </>
      )}
    </span>
  );
}

/**
 * The audit log: who did what, when and from where; filters and the page live in the address.
 * Content is named by its kind and title, its fields as the forms label them.
 */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('audit.title'));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const filters: AuditFilters = Object.fromEntries(
    FILTER_KEYS.map((key) => [key, params.get(key) ?? undefined]).filter(([, value]) => value),
  );
  const audit = useAudit(page, filters);
  const kindOfResource = useKindOfResource();
  const fieldLabel = useKindFieldLabels();
  const [draft, setDraft] = useState<AuditFilters>(filters);

  const actionLabel = (action: string) =>
    i18n.exists(`audit.actions.${action}`) ? t(`audit.actions.${action}` as 'audit.actions.export') : action;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    FILTER_KEYS.forEach((key) => {
      const value = draft[key]?.trim();
      if (value) next.set(key, value);
    });
    setParams(next);
  };
  const clear = () => {
    setDraft({});
    setParams(new URLSearchParams());
  };
  const setPage = (next: number) => {
    const copy = new URLSearchParams(params);
    if (next <= 1) copy.delete('page');
    else copy.set('page', String(next));
    setParams(copy);
  };

  const detail = (entry: AuditEntry) => {
    const d = entry.detail ?? {};
    const parts: string[] = [];
    const kind = entry.resource ? kindOfResource(entry.resource) : undefined;
    if (Array.isArray(d.fields) && d.fields.length > 0) {
      const labels = d.fields.map((field) => (kind ? fieldLabel(kind, String(field)) : String(field)));
      parts.push(t('audit.fields', { fields: joinLabels(labels, i18n.language) }));
    }
    if (typeof d.reason === 'string')
      parts.push(i18n.exists(`audit.reasons.${d.reason}`) ? t(`audit.reasons.${d.reason}` as 'audit.reasons.code') : d.reason);
    if (typeof d.from === 'string' && typeof d.to === 'string') parts.push(`${short(d.from)} → ${short(d.to)}`);
    if (typeof d.username === 'string') parts.push(d.username);
    if (typeof d.error === 'string') parts.push(d.error);
    return parts.join(' · ');
  };

  return (
    <Page
      title={t('audit.title')}
      aside={audit.data ? <p className="page__count">{audit.data.totalCount}</p> : null}
    >
      <p className="page__toolbar muted">{t('audit.intro')}</p>
      <form className="card filters" aria-label={t('audit.filters.label')} onSubmit={apply}>
        <label className="field filters__field">
          <span className="field__label">{t('audit.filters.actor')}</span>
          <input className="input" value={draft.actor ?? ''} onChange={(e) => setDraft({ ...draft, actor: e.target.value })} dir="auto" />
        </label>
        <label className="field filters__field">
          <span className="field__label">{t('audit.filters.action')}</span>
          <select className="input" value={draft.action ?? ''} onChange={(e) => setDraft({ ...draft, action: e.target.value })}>
            <option value="">{t('audit.filters.any')}</option>
            {ACTIONS.map((action) => (
              <option key={action} value={action}>
                {actionLabel(action)}
              </option>
            ))}
          </select>
        </label>
        <label className="field filters__field">
          <span className="field__label">{t('audit.filters.from')}</span>
          <input className="input" type="date" value={draft.from ?? ''} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </label>
        <label className="field filters__field">
          <span className="field__label">{t('audit.filters.to')}</span>
          <input className="input" type="date" value={draft.to ?? ''} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </label>
        <div className="filters__actions">
          <button type="submit" className="btn btn--primary">
            {t('audit.filters.apply')}
          </button>
          <button type="button" className="btn btn--ghost" onClick={clear}>
            {t('audit.filters.clear')}
          </button>
        </div>
      </form>
      <div className="card">
        {audit.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : audit.isError ? (
          <p className="notice notice--error" role="alert">
            {failureText(audit.error, t('common.loadFailed'))}
          </p>
        ) : (
          <>
            <DataTable<AuditEntry>
              caption={t('audit.title')}
              rows={audit.data.result}
              columns={[
                { key: 'at', header: t('audit.columns.at'), cell: (e) => <bdi dir="ltr" className="nowrap">{formatDateTime(e.at)}</bdi> },
                { key: 'actor', header: t('audit.columns.actor'), cell: (e) => <span dir="auto">{e.actor ?? t('audit.system')}</span> },
                { key: 'action', header: t('audit.columns.action'), cell: (e) => actionLabel(e.action) },
                {
                  key: 'resource',
                  header: t('audit.columns.resource'),
                  cell: (e) => <ItemName entry={e} />,
                },
                { key: 'address', header: t('audit.columns.address'), cell: (e) => <span dir="ltr">{e.address ?? '—'}</span> },
                { key: 'detail', header: t('audit.columns.detail'), width: 'wide', cell: detail },
              ]}
            />
            <Pagination page={page} totalCount={audit.data.totalCount} size={PAGE_SIZE} onChange={setPage} />
          </>
        )}
      </div>
    </Page>
  );
}
