/**
 * What the scheduler will do (every published item with a time still to come, soonest first)
 * and what was deleted in the last 30 days, with Bring back for those who may delete. Times in the
 * chosen time zone.
 */
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { failureText, serverText } from '@/lib/messages';
import { usePermissions } from '@/lib/permissions';
import { trackPublish } from '@/lib/publish-status';
import { Spinner } from '../ui/spinner';
import { editPath, getDeleted, getScheduled, titleOf, undelete, type Listed } from './api';
import { useKindName } from './kinds';
import { StatusBadge } from './lifecycle-panel';
import { formatInZone, useTimeZone } from './time-zone';

/** One list of the page: its heading, its loading and failure states, and its table. */
function Section<T>({
  title,
  query,
  head,
  children,
}: {
  title: string;
  query: UseQueryResult<T[]>;
  head: string[];
  children: (rows: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="card lifecycle-page__section">
      <h2 className="lifecycle-page__heading">{title}</h2>
      {query.isPending ? <Spinner label={t('common.loading')} /> : null}
      {query.isError ? <p className="notice notice--error">{failureText(query.error, t('common.loadFailed'))}</p> : null}
      {query.data?.length === 0 ? <p className="lifecycle-page__empty">{t('common.noData')}</p> : null}
      {query.data && query.data.length > 0 ? (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                {head.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{children(query.data)}</tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

/** A time in the chosen zone, kept left to right inside Arabic text. */
function When({ at, zone }: { at: string | null | undefined; zone: string }) {
  return at ? (
    <bdi dir="ltr" className="nowrap">
      {formatInZone(at, zone)}
    </bdi>
  ) : (
    <>—</>
  );
}

export function LifecyclePage() {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const kindName = useKindName();
  useDocumentTitle(t('lifecycle.pageTitle'));
  const scheduled = useQuery({ queryKey: ['lifecycle', 'scheduled'], queryFn: ({ signal }) => getScheduled(signal) });
  const deleted = useQuery({ queryKey: ['lifecycle', 'deleted'], queryFn: ({ signal }) => getDeleted(signal) });

  const bringBack = async (item: Listed) => {
    try {
      const done = await undelete(item.kind, item.id, item.version);
      toast.success(serverText(done.message, t('lifecycle.broughtBack')));
      void trackPublish();
      await queryClient.invalidateQueries();
    } catch (error) {
      toast.error(failureText(error, t('lifecycle.bringBackFailed')));
    }
  };

  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page__header">
        <h1 id="page-title" className="page__title">
          {t('lifecycle.pageTitle')}
        </h1>
      </header>
      <Section
        title={t('lifecycle.scheduledTitle')}
        query={scheduled}
        head={[t('lifecycle.kind'), t('lifecycle.item'), t('lifecycle.label'), t('lifecycle.publishAt'), t('lifecycle.unpublishAt')]}
      >
        {(rows) =>
          rows.map((item) => (
            <tr key={`${item.kind}-${item.id}`}>
              <td data-label={t('lifecycle.kind')}>{kindName(item.kind)}</td>
              <td data-label={t('lifecycle.item')}>
                <Link to={editPath(item.kind, item.id)}>{titleOf(item)}</Link>
              </td>
              <td data-label={t('lifecycle.label')}>
                <StatusBadge record={item} />
              </td>
              <td data-label={t('lifecycle.publishAt')}>
                <When at={item.publish_at} zone={zone} />
              </td>
              <td data-label={t('lifecycle.unpublishAt')}>
                <When at={item.unpublish_at} zone={zone} />
              </td>
            </tr>
          ))
        }
      </Section>
      <Section
        title={t('lifecycle.deletedTitle')}
        query={deleted}
        head={[t('lifecycle.kind'), t('lifecycle.item'), t('lifecycle.deletedAt'), ...(can('content.delete') ? [t('common.actions')] : [])]}
      >
        {(rows) =>
          rows.map((item) => (
            <tr key={`${item.kind}-${item.id}`}>
              <td data-label={t('lifecycle.kind')}>{kindName(item.kind)}</td>
              <td data-label={t('lifecycle.item')}>{titleOf(item)}</td>
              <td data-label={t('lifecycle.deletedAt')}>
                <When at={item.deleted_at} zone={zone} />
              </td>
              {can('content.delete') ? (
                <td data-label={t('common.actions')}>
                  <button type="button" className="btn btn--secondary btn--small" onClick={() => bringBack(item)}>
                    {t('lifecycle.bringBack')}
                  </button>
                </td>
              ) : null}
            </tr>
          ))
        }
      </Section>
    </section>
  );
}
