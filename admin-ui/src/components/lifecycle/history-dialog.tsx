/**
 * An item's history: every save (who, when, what it did, which fields, named as the form labels
 * them), a readable comparison of any revision with the item as it is now, field by field in
 * English and Arabic, and Restore, which makes that revision the item's draft (for those who may
 * publish: `restores`). A restore refused because the item changed since is handed on
 * (`onConflict`) to load the version now and restore again.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Dialog } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import { conflictOf, type Conflict } from '@/lib/api-client';
import { failureText, serverText } from '@/lib/messages';
import { differingFields, getRevision, getRevisions, restoreRevision, type ContentRecord, type KindName } from './api';
import { joinLabels, useFieldLabels } from './field-labels';
import { formatInZone, useTimeZone } from './time-zone';
import { textOfMarkup } from '@/lib/plain-text';

/** A stored value as text: markup taken out, so a diff reads as prose. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return textOfMarkup(value) || '—';
  return String(value);
}

type HistoryDialogProps = {
  kind: KindName;
  record: ContentRecord;
  /** The version a restore is based on (the record's when not given). */
  version?: number;
  restores: boolean;
  onClose: () => void;
  /** The restore was refused for a version since superseded: `retry` restores at the version now. */
  onConflict?: (conflict: Conflict, retry: (version: number) => Promise<void>) => void;
};

export function HistoryDialog({ kind, record, version = record.version, restores, onClose, onConflict }: HistoryDialogProps) {
  const { t, i18n } = useTranslation();
  const label = useFieldLabels(kind);
  const zone = useTimeZone();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<number | null>(null);
  const [restoring, setRestoring] = useState(false);
  const list = useQuery({ queryKey: ['revisions', kind, record.id], queryFn: ({ signal }) => getRevisions(kind, record.id, signal) });
  const revision = useQuery({
    queryKey: ['revision', kind, record.id, selected],
    queryFn: ({ signal }) => getRevision(kind, record.id, selected as number, signal),
    enabled: selected !== null,
  });

  const restore = async (revisionId: number, at = version) => {
    setRestoring(true);
    try {
      const done = await restoreRevision(kind, record.id, revisionId, at);
      toast.success(serverText(done.message, t('lifecycle.restored')));
      await queryClient.invalidateQueries();
      onClose();
    } catch (error) {
      const conflict = conflictOf(error);
      if (conflict && onConflict) {
        onClose();
        onConflict(conflict, (next) => restore(revisionId, next));
      } else toast.error(failureText(error, t('lifecycle.restoreFailed')));
    } finally {
      setRestoring(false);
    }
  };

  const action = (name: string) => t(`lifecycle.actions.${name}`, { defaultValue: name });
  const diff = revision.data ? differingFields(revision.data.data, record) : [];

  return (
    <Dialog
      open
      title={t('lifecycle.historyTitle')}
      onClose={onClose}
      size="large"
      footer={
        restores && selected !== null ? (
          <button type="button" className="btn btn--primary" disabled={restoring || !revision.data} onClick={() => void restore(selected)}>
            {t('lifecycle.restore')}
          </button>
        ) : undefined
      }
    >
      {list.isPending ? <Spinner label={t('common.loading')} /> : null}
      {list.isError ? <p className="notice notice--error">{failureText(list.error, t('common.loadFailed'))}</p> : null}
      <div className="history">
        <ol className="history__list" aria-label={t('lifecycle.revisions')}>
          {(list.data ?? []).map((rev) => (
            <li key={rev.id}>
              <button type="button" className="history__item" aria-pressed={selected === rev.id} onClick={() => setSelected(rev.id)}>
                <span className="history__action">{action(rev.action)}</span>
                <bdi dir="ltr" className="history__when">
                  {formatInZone(rev.created_at, zone)}
                </bdi>
                <span className="history__who">{rev.author ?? t('lifecycle.system')}</span>
                {rev.changed_fields.length > 0 ? (
                  <span className="history__fields">{joinLabels(rev.changed_fields.map(label), i18n.language)}</span>
                ) : null}
              </button>
            </li>
          ))}
        </ol>
        <div className="history__diff" aria-live="polite">
          {selected === null ? <p className="history__hint">{t('lifecycle.pickRevision')}</p> : null}
          {revision.isPending && selected !== null ? <Spinner label={t('common.loading')} /> : null}
          {revision.data && diff.length === 0 ? <p className="history__hint">{t('lifecycle.sameAsNow')}</p> : null}
          {revision.data && diff.length > 0 ? (
            <table className="diff">
              <caption>{t('lifecycle.compare')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('lifecycle.field')}</th>
                  <th scope="col">{t('lifecycle.thenValue')}</th>
                  <th scope="col">{t('lifecycle.nowValue')}</th>
                </tr>
              </thead>
              <tbody>
                {diff.map((key) => {
                  const rtl = key.endsWith('_ar') ? 'rtl' : undefined;
                  return (
                    <tr key={key}>
                      <th scope="row">{label(key)}</th>
                      <td className="diff__old" dir={rtl}>
                        {shown(revision.data.data[key])}
                      </td>
                      <td className="diff__new" dir={rtl}>
                        {shown(record[key])}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
