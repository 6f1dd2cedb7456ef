/**
 * Where an item stands and what can be done with it, at the top of every public content form:
 * its status (draft, scheduled, live, changes pending, ended), its schedule entered in a chosen
 * time zone (saved with it, and shown in it again), the Arabic fields the Arabic page falls back
 * for, and Preview (of the form's unsaved values when it has any), History, Publish now, Unpublish
 * and Discard changes (after a confirmation; the live version becomes the item again). The
 * schedule, Publish now, Unpublish and Discard are for those who may publish. Every action carries
 * the version the form is based on; one refused because the item changed since (409) is handed
 * to the form (`onConflict`) to load the version now and do it again.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { conflictOf, type Conflict } from '@/lib/api-client';
import { failureText, serverText } from '@/lib/messages';
import { trackPublish } from '@/lib/publish-status';
import { ConfirmDialog } from '../ui/confirm-dialog';
import {
  discardChanges,
  publishNow,
  unpublishNow,
  missingArabic,
  standing,
  type Acted,
  type KindName,
  type ContentRecord,
  type Lifecycle,
} from './api';
import { joinLabels, useFieldLabels } from './field-labels';
import { HistoryDialog } from './history-dialog';
import { PreviewDialog } from './preview-dialog';
import {
  TIME_ZONES,
  formatInZone,
  isTimeZone,
  offsetLabel,
  offsetMinutes,
  setTimeZone,
  utcToZoned,
  zonedToUtc,
  type TimeZone,
} from './time-zone';

/** The schedule as a save sends it: UTC instants, and the zone they were entered in. */
export type Schedule = { publish_at: string | null; unpublish_at: string | null; schedule_zone: TimeZone };

export type LifecycleAction = 'publish' | 'unpublish' | 'discard' | 'restore';

/** An action refused because the item changed since the form read it: done again by `retry`. */
export type ActionRefusal = { conflict: Conflict; action: LifecycleAction; retry: (version: number) => Promise<void> };

type Props = {
  kind: KindName;
  record?: ContentRecord;
  schedule: Schedule;
  onScheduleChange: (schedule: Schedule) => void;
  /** The administrator may publish (`content.publish`). */
  publishes: boolean;
  /** The version the form's writes are based on (the record's when not given). */
  version?: () => number | undefined;
  /** An action went through: its answer (and so the next version). */
  onWritten?: (item: ContentRecord) => void;
  /** The pending changes were dropped (what the form keeps unsaved goes with them). */
  onDiscarded?: () => void;
  /** The form's unsaved values as a save would send them (absent when it has none): what Preview shows. */
  draft?: () => unknown;
  /** An action was refused for a version since superseded (without it, a toast says so). */
  onConflict?: (refusal: ActionRefusal) => void;
};

export function StatusBadge({ record }: { record: Lifecycle }) {
  const { t } = useTranslation();
  const where = standing(record);
  return (
    <span className="status-badges">
      <span className={`status-badge status-badge--${where}`}>{t(`lifecycle.standing.${where}`)}</span>
      {record.hasPendingChanges ? <span className="status-badge status-badge--pending">{t('lifecycle.pending')}</span> : null}
    </span>
  );
}

export function LifecyclePanel(props: Props) {
  const { kind, record, schedule, onScheduleChange, publishes, version, onWritten, onDiscarded, draft, onConflict } = props;
  const { t, i18n } = useTranslation();
  const label = useFieldLabels(kind);
  const zone = schedule.schedule_zone;
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<'preview' | 'history' | 'discard' | null>(null);
  const offset = offsetLabel(offsetMinutes(zone, Date.now()));
  const basedOn = () => (version ? version() : record?.version);

  /** `send` at `version`; refused for a version since superseded, it is handed to the form to merge. */
  const run = async (action: LifecycleAction, send: (version?: number) => Promise<Acted>, failure: string, at = basedOn()) => {
    setBusy(true);
    try {
      const done = await send(at);
      onWritten?.(done.item);
      if (action === 'discard') onDiscarded?.();
      toast.success(serverText(done.message, t('lifecycle.done')));
      void trackPublish();
      await queryClient.invalidateQueries();
    } catch (error) {
      const conflict = conflictOf(error);
      if (conflict && onConflict) onConflict({ conflict, action, retry: (next) => run(action, send, failure, next) });
      else toast.error(failureText(error, failure));
    } finally {
      setBusy(false);
      setDialog((open) => (open === 'discard' ? null : open));
    }
  };

  const missing = record ? missingArabic(record).map(label) : [];
  const field = (name: keyof Schedule, label: string) => (
    <label className="field lifecycle__time">
      <span className="field__label">
        {label} <span className="field__optional">({t('common.optional')})</span>
      </span>
      <input
        type="datetime-local"
        className="input"
        name={name}
        value={utcToZoned(schedule[name], zone)}
        onChange={(event) => onScheduleChange({ ...schedule, [name]: zonedToUtc(event.target.value, zone) })}
      />
    </label>
  );

  return (
    <section className="lifecycle" aria-label={t('lifecycle.label')}>
      {record ? (
        <div className="lifecycle__status">
          <StatusBadge record={record} />
          <p className="lifecycle__facts">
            {record.published_at ? t('lifecycle.publishedAt', { at: formatInZone(record.published_at, zone) }) : t('lifecycle.neverPublished')}
          </p>
          <div className="lifecycle__actions">
            <button type="button" className="btn btn--secondary" onClick={() => setDialog('preview')}>
              {t('lifecycle.preview')}
            </button>
            <button type="button" className="btn btn--secondary" onClick={() => setDialog('history')}>
              {t('lifecycle.history')}
            </button>
            {publishes && (record.status === 'draft' || record.hasPendingChanges || standing(record) !== 'live') ? (
              <button
                type="button"
                className="btn btn--secondary"
                disabled={busy}
                onClick={() => run('publish', (at) => publishNow(kind, record.id, at), t('lifecycle.publishFailed'))}
              >
                {t('lifecycle.publishNow')}
              </button>
            ) : null}
            {publishes && record.status === 'published' ? (
              <button
                type="button"
                className="btn btn--ghost"
                disabled={busy}
                onClick={() => run('unpublish', (at) => unpublishNow(kind, record.id, at), t('lifecycle.unpublishFailed'))}
              >
                {t('lifecycle.unpublish')}
              </button>
            ) : null}
            {publishes && record.hasPendingChanges ? (
              <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => setDialog('discard')}>
                {t('lifecycle.discard')}
              </button>
            ) : null}
          </div>
        </div>
      ) : (
        // A new item: where it stands too, so the panel never opens empty (a contributor has no schedule).
        <div className="lifecycle__status">
          <span className="status-badges">
            <span className="status-badge status-badge--new">{t('lifecycle.standing.new')}</span>
          </span>
          <p className="lifecycle__facts">{publishes ? t('lifecycle.notSaved') : t('lifecycle.notSavedDraft')}</p>
        </div>
      )}
      {missing.length > 0 ? (
        <p className="lifecycle__arabic" role="note">
          {t('lifecycle.missingArabic', { fields: joinLabels(missing, i18n.language) })}
        </p>
      ) : null}
      {publishes ? (
        <fieldset className="lifecycle__schedule">
          <legend>{t('lifecycle.schedule')}</legend>
          {field('publish_at', t('lifecycle.publishAt'))}
          {field('unpublish_at', t('lifecycle.unpublishAt'))}
          <label className="field lifecycle__zone">
            <span className="field__label">{t('lifecycle.timeZone')}</span>
            <select
              className="input"
              value={zone}
              onChange={(event) => {
                const chosen = event.target.value;
                if (!isTimeZone(chosen)) return;
                onScheduleChange({ ...schedule, schedule_zone: chosen });
                // Also the zone new items start in.
                setTimeZone(chosen);
              }}
            >
              {TIME_ZONES.map((z) => (
                <option key={z} value={z}>
                  {z} (UTC{offsetLabel(offsetMinutes(z, Date.now()))})
                </option>
              ))}
            </select>
          </label>
          <p className="field__hint">{t('lifecycle.scheduleHint', { zone, offset })}</p>
        </fieldset>
      ) : null}
      {record && dialog === 'preview' ? <PreviewDialog kind={kind} id={record.id} draft={draft} onClose={() => setDialog(null)} /> : null}
      {record && dialog === 'history' ? (
        <HistoryDialog
          kind={kind}
          record={record}
          version={basedOn()}
          restores={publishes}
          onClose={() => setDialog(null)}
          onConflict={onConflict ? (conflict, retry) => onConflict({ conflict, action: 'restore', retry }) : undefined}
        />
      ) : null}
      {record ? (
        <ConfirmDialog
          open={dialog === 'discard'}
          name=""
          busy={busy}
          title={t('lifecycle.discardTitle')}
          body={t('lifecycle.discardBody')}
          confirmLabel={t('lifecycle.discard')}
          onConfirm={() => void run('discard', (at) => discardChanges(kind, record.id, at), t('lifecycle.discardFailed'))}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </section>
  );
}
