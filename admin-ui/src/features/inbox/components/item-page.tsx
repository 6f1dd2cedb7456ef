/**
 * One item at the desk: the client's own words, read-only (the kind's `words`), beside the
 * desk's follow-up: status, who has it, Delete (owners), and the timeline of notes with Add note.
 * On a phone: the follow-up first, then the words, then the notes.
 */
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ArrowBackIcon } from '@/components/icons/icons';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { failureText } from '@/lib/messages';
import { usePermissions } from '@/lib/permissions';
import { useItem } from '../api/get-item';
import { useDeskChange } from '../hooks/use-desk-change';
import type { Kind } from '../kinds';
import { isWaiting, type DeskRecord } from '../types';
import { AddNoteForm } from './add-note-form';
import { AssigneePicker } from './assignee-picker';
import { ConflictNotice } from './conflict-notice';
import { DeleteItem } from './delete-item';
import { NotesTimeline } from './notes-timeline';
import { Received } from './received';
import { PageLanguageTag, StatusBadge, WaitingMarker } from './status-badge';
import { StatusControl } from './status-control';

type DeskPanelProps<T extends DeskRecord> = { kind: Kind<T>; item: T; onReload: () => void; onDeleted: () => void };

/** Status, assignee and Delete: each change goes out at once, against the version read. */
function DeskPanel<T extends DeskRecord>({ kind, item, onReload, onDeleted }: DeskPanelProps<T>) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const desk = useDeskChange(kind);
  const statusId = useId();
  const assigneeId = useId();
  const editable = can('enquiries.edit') && !item.deleted_at;
  const pending = desk.pending;
  const status = pending?.status ?? item.status;
  const assignee = pending && 'assignee' in pending ? (pending.assignee ?? null) : item.assignee;
  return (
    <section className="card desk-panel" aria-labelledby={`${statusId}-title`}>
      <h2 id={`${statusId}-title`} className="desk-card__title">
        {t('inbox.desk.title')}
      </h2>
      {desk.conflict ? (
        <ConflictNotice
          view={desk.conflict}
          onReload={() => {
            desk.dismissConflict();
            onReload();
          }}
        />
      ) : null}
      {editable ? (
        <>
          <div className="field">
            <label className="field__label" htmlFor={statusId}>
              {t('inbox.columns.status')}
            </label>
            <StatusControl id={statusId} value={status} busy={desk.busy} onChange={(next) => void desk.change(item, { status: next })} />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={assigneeId}>
              {t('inbox.assignee.label')}
            </label>
            <AssigneePicker id={assigneeId} value={assignee} busy={desk.busy} onChange={(next) => void desk.change(item, { assignee: next })} />
          </div>
        </>
      ) : (
        <dl className="details">
          <div className="details__row">
            <dt>{t('inbox.columns.status')}</dt>
            <dd>
              <StatusBadge status={item.status} />
            </dd>
          </div>
          <div className="details__row">
            <dt>{t('inbox.assignee.label')}</dt>
            <dd>{item.assignee ? <bdi>{item.assignee}</bdi> : t('inbox.assignee.nobody')}</dd>
          </div>
        </dl>
      )}
      {can('enquiries.delete') && !item.deleted_at ? (
        <div className="desk-panel__danger">
          <DeleteItem kind={kind} item={item} onDeleted={onDeleted} />
        </div>
      ) : null}
    </section>
  );
}

type ItemPageProps<T extends DeskRecord> = {
  kind: Kind<T>;
  id: number;
  /** The page's heading: the client's name, or the request's reference. */
  heading: (item: T) => string;
  /** Under the heading: the subject, the passenger. */
  subheading?: (item: T) => ReactNode;
  /** The client's own words, read-only. */
  words: (item: T) => ReactNode;
};

export function ItemPage<T extends DeskRecord>({ kind, id, heading, subheading, words }: ItemPageProps<T>) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const record = useItem(kind, id);
  const navigate = useNavigate();
  // Opened from a filtered list (`?status=new&q=…`): back to the same view.
  const { search } = useLocation();
  const back = `${kind.list}${search}`;
  const item = record.data;
  useDocumentTitle(item ? heading(item) : t(kind.words.title));

  let body: ReactNode;
  if (record.isPending) body = <Spinner label={t('common.loading')} />;
  else if (record.isError || !item)
    body = (
      <div className="card notice notice--error" role="alert">
        <p>{failureText(record.error, t('common.recordNotFound'))}</p>
      </div>
    );
  else
    body = (
      <div className="desk">
        <DeskPanel kind={kind} item={item} onReload={() => void record.refetch()} onDeleted={() => navigate(back)} />
        <div className="desk__words">{words(item)}</div>
        <section className="card desk-notes" aria-labelledby="desk-notes-title">
          <h2 id="desk-notes-title" className="desk-card__title">
            {t('inbox.notes.title')}
          </h2>
          {can('enquiries.edit') && !item.deleted_at ? <AddNoteForm kind={kind} item={item} /> : null}
          <NotesTimeline notes={Array.isArray(item.notes) ? item.notes : []} />
        </section>
      </div>
    );

  return (
    <section className="page page--desk" aria-labelledby="page-title">
      <header className="page__header page__header--form desk-header">
        <Link to={back} className="icon-btn icon-btn--outlined" aria-label={t(kind.words.back)} title={t(kind.words.back)}>
          <ArrowBackIcon />
        </Link>
        <div className="desk-header__text">
          <h1 id="page-title" className="page__title" dir="auto">
            {item ? heading(item) : t(kind.words.title)}
          </h1>
          {item ? (
            <p className="desk-header__meta">
              {subheading ? <span className="desk-header__sub">{subheading(item)}</span> : null}
              <span>
                {t('inbox.received')} <Received at={item.created_date} inline />
              </span>
              <PageLanguageTag lang={item.lang} />
              {isWaiting(item, Date.now()) ? <WaitingMarker /> : null}
            </p>
          ) : null}
        </div>
      </header>
      {item?.deleted_at ? (
        <p className="notice desk-deleted" role="status">
          {t('inbox.trash.itemDeleted')}
        </p>
      ) : null}
      {body}
    </section>
  );
}
