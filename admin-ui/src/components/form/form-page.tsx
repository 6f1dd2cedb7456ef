/**
 * The frame of every add / edit form: a back arrow to the dashboard, the title, the loading and
 * not-found states of edit mode, and the form itself.
 */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { failureText } from '@/lib/messages';
import { ArrowBackIcon } from '../icons/icons';
import { Spinner } from '../ui/spinner';

type FormPageProps<T> = {
  title: string;
  back: { to: string; label: string };
  /** Edit mode: the record being edited; the form renders once it has loaded. */
  record?: UseQueryResult<T>;
  children: (record: T | undefined) => ReactNode;
};

export function FormPage<T>({ title, back, record, children }: FormPageProps<T>) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  let body: ReactNode;
  if (record?.isPending) body = <Spinner label={t('common.loading')} />;
  else if (record?.isError)
    body = (
      <div className="notice notice--error" role="alert">
        <p>{failureText(record.error, t('common.recordNotFound'))}</p>
      </div>
    );
  else body = children(record?.data);

  return (
    <section className="page page--form" aria-labelledby="page-title">
      <header className="page__header page__header--form">
        <Link to={back.to} className="icon-btn icon-btn--outlined" aria-label={back.label} title={back.label}>
          <ArrowBackIcon />
        </Link>
        <h1 id="page-title" className="page__title">
          {title}
        </h1>
      </header>
      <div className="card card--form">{body}</div>
    </section>
  );
}

type FormActionsProps = { busy: boolean; done: boolean; label: string; busyLabel: string; children?: ReactNode };

export function FormActions({ busy, done, label, busyLabel, children }: FormActionsProps) {
  return (
    <div className="form__actions">
      {children}
      <button type="submit" className="btn btn--primary" disabled={busy || done} aria-busy={busy || undefined}>
        {busy ? <span className="spinner spinner--small" aria-hidden="true" /> : null}
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
