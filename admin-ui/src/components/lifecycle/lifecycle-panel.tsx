/**
 * Where an item stands and what can be done with it, at the top of every public content form:
 * its status (draft, scheduled, live, changes pending, ended), its schedule entered in a chosen
 * time zone (saved with it, and shown in it again), the Arabic fields the Arabic page falls back
 * for, and Preview (of the form's unsaved values when it has any), History, Publish now, Unpublish
 * and Discard changes (after a confirmation; the live version becomes the item again). The
 * schedule, Publish now, Unpublish and Discard are for those who may publish. Every action carries
 * the version the form is based on; one refused because the item changed since (409) is handed
 * to the form (`onConflict`) to load the version now and do it again.
 *
 * Who made the item and who last changed it show under its status; its review (waiting for an
 * editor, or returned with a note) above the actions. Whoever edits content submits a change for
 * review with a note; whoever reviews returns a waiting one with a note (or publishes it).
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, conflictOf, type Conflict } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { failureText, serverText } from '@/lib/messages';
import { usePermissions } from '@/lib/permissions';
import { trackPublish } from '@/lib/publish-status';
import { ConfirmDialog } from '../ui/confirm-dialog';
import {
  discardChanges,
  publishNow,
  returnWithNote,
  submitForReview,
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
import { NoteDialog } from './note-dialog';
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
      <ReviewBadge record={record} />
    </span>
  );
}

/** Who made the item and who last changed it, in words ("Created by layla · last changed by editor1"). */
export function People({ record }: { record: Lifecycle }) {
  const { t } = useTranslation();
  const made = record.created_by;
  const changed = record.updated_by;
  if (!made && !changed) return null;
  return (
    <span className="people">
      {made ? <span>{t('review.createdBy', { name: made })}</span> : null}
      {changed && changed !== made ? <span>{t('review.updatedBy', { name: changed })}</span> : null}
    </span>
  );
}

/** A list's status cell: where the item stands, its review, and who made and last changed it. */
export function StatusCell({ record }: { record: Lifecycle }) {
  return (
    <span className="status-cell">
      <StatusBadge record={record} />
      <People record={record} />
    </span>
  );
}

/** The item's review in a badge: waiting for an editor, or returned to its author. */
export function ReviewBadge({ record }: { record: Lifecycle }) {
  const { t } = useTranslation();
  const review = record.review;
  if (!review) return null;
  return <span className={`status-badge status-badge--review-${review.state}`}>{t(`review.states.${review.state}`)}</span>;
}

/** Where the item's review stands, with its note: what the author and the editors read first. */
function ReviewNotice({ record }: { record: Lifecycle }) {
  const { t } = useTranslation();
  const review = record.review;
  if (!review) return null;
  const at = formatDateTime(review.at);
  const by = review.by ?? t('review.someone');
  return (
    <div className={`review-notice review-notice--${review.state}`} role="note">
      <p className="review-notice__title">
        {review.state === 'waiting' ? t('review.waitingSince', { by, at }) : t('review.returnedBy', { by, at })}
      </p>
      {review.note ? (
        <blockquote className="review-notice__note" dir="auto">
          {review.note}
        </blockquote>
      ) : null}
    </div>
  );
}

export function LifecyclePanel(props: Props) {
  const { kind, record, schedule, onScheduleChange, publishes, version, onWritten, onDiscarded, draft, onConflict } = props;
  const { t, i18n } = useTranslation();
  const label = useFieldLabels(kind);
  const zone = schedule.schedule_zone;
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<'preview' | 'history' | 'discard' | 'review' | 'return' | null>(null);
  const { can } = usePermissions();
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

  /** A review's hand-off with its note: a note the server refuses stays in its dialog. */
  const handOff = async (action: 'review' | 'return', send: () => Promise<Acted>) => {
    setBusy(true);
    try {
      const done = await send();
      onWritten?.(done.item);
      toast.success(serverText(done.message, t('lifecycle.done')));
      setDialog(null);
      await queryClient.invalidateQueries();
    } catch (error) {
      if (error instanceof ApiError && error.errors.note) throw error;
      toast.error(failureText(error, action === 'review' ? t('review.submitFailed') : t('review.returnFailed')));
      setDialog(null);
    } finally {
      setBusy(false);
    }
  };
  // Something waits to be published: a draft, or a published item's pending change.
  const unpublished = record ? record.status === 'draft' || record.hasPendingChanges : false;
  // Whoever publishes publishes: the hand-off is for those whose saves wait (contributors, translators).
  const submits = Boolean(record) && !publishes && can('content.edit') && unpublished && record?.review?.state !== 'waiting';
  const returns = can('review') && record?.review?.state === 'waiting';

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
            <People record={record} />
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
            {submits ? (
              <button type="button" className="btn btn--primary" disabled={busy} onClick={() => setDialog('review')}>
                {t('review.submit')}
              </button>
            ) : null}
            {returns ? (
              <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => setDialog('return')}>
                {t('review.return')}
              </button>
            ) : null}
          </div>
          <ReviewNotice record={record} />
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
        <NoteDialog
          open={dialog === 'review'}
          title={t('review.submitTitle')}
          intro={t('review.submitIntro')}
          label={t('review.noteForEditor')}
          confirmLabel={t('review.submit')}
          required={false}
          busy={busy}
          onSend={(note) => handOff('review', () => submitForReview(kind, record.id, note))}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {record ? (
        <NoteDialog
          open={dialog === 'return'}
          title={t('review.returnTitle')}
          intro={t('review.returnIntro', { name: record.review?.author ?? t('review.someone') })}
          label={t('review.noteForAuthor')}
          confirmLabel={t('review.return')}
          required
          busy={busy}
          onSend={(note) => handOff('return', () => returnWithNote(kind, record.id, note))}
          onClose={() => setDialog(null)}
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
