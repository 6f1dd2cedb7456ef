/**
 * "Waiting for review" (ARCHITECTURE.md, "Review and translation"), for editors and owners: every
 * change a contributor or a translator submitted, across kinds, the longest waiting first. Each
 * shows who sent it and when, their note, and every field it changes beside the value on the
 * site now; "Publish" puts it live (and ends its review), "Return with a note" sends it back to
 * its author. After either, the focus goes on to the next change, never to the page's start.
 */
import { useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Page } from '@/components/layouts/page';
import { editPath, publishNow, returnWithNote } from '@/components/lifecycle/api';
import { NoteDialog } from '@/components/lifecycle/note-dialog';
import { Button } from '@/components/ui/button';
import { QueryResult } from '@/components/ui/query-result';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDateTime } from '@/lib/dates';
import { inLanguage } from '@/lib/kinds';
import { failureText, serverText } from '@/lib/messages';
import { textOfMarkup } from '@/lib/plain-text';
import { trackPublish } from '@/lib/publish-status';
import { useReviewQueue, type ChangedField, type Waiting } from '@/lib/review-queue';

/** The longest value a comparison shows before it is cut (the form has it whole). */
const SHOWN = 280;

/** A field's value as a comparison shows it: rich text as prose, cut when long; empty as nothing. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? textOfMarkup(value) : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > SHOWN ? `${text.slice(0, SHOWN).trimEnd()}…` : text;
}

export function ReviewPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('review.title'));
  const queue = useReviewQueue();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [returning, setReturning] = useState<Waiting | null>(null);
  const listed = useRef<HTMLDivElement>(null);

  /** After a change leaves the queue: the focus on the next one's first action, else the page. */
  const focusNext = () =>
    requestAnimationFrame(() => {
      const next = listed.current?.querySelector<HTMLElement>('.review-item__actions button, .review__empty');
      (next ?? document.getElementById('page-title'))?.focus();
    });

  const publish = async (item: Waiting) => {
    setBusy(`${item.kind}:${item.id}`);
    try {
      const done = await publishNow(item.kind, item.id);
      toast.success(serverText(done.message, t('review.published')));
      void trackPublish();
      await queryClient.invalidateQueries();
      focusNext();
    } catch (error) {
      toast.error(failureText(error, t('review.publishFailed')));
    } finally {
      setBusy(null);
    }
  };

  const giveBack = async (note: string) => {
    if (!returning) return;
    setBusy(`${returning.kind}:${returning.id}`);
    try {
      const done = await returnWithNote(returning.kind, returning.id, note);
      toast.success(serverText(done.message, t('review.returned')));
      setReturning(null);
      await queryClient.invalidateQueries();
      focusNext();
    } finally {
      setBusy(null);
    }
  };

  return (
    <Page title={t('review.title')} aside={queue.data ? <p className="page__count">{queue.data.length}</p> : null}>
      <p className="page__toolbar muted">{t('review.intro')}</p>
      <div ref={listed}>
        <QueryResult query={queue}>
          {queue.data?.length === 0 ? (
            <div className="card review__empty no-match" tabIndex={-1}>
              <p className="no-match__title">{t('review.nothing')}</p>
              <p className="muted">{t('review.nothingHint')}</p>
            </div>
          ) : (
            <ol className="review-list">
              {(queue.data ?? []).map((item) => (
                <ReviewItem
                  key={`${item.kind}:${item.id}`}
                  item={item}
                  busy={busy === `${item.kind}:${item.id}`}
                  onPublish={() => void publish(item)}
                  onReturn={() => setReturning(item)}
                />
              ))}
            </ol>
          )}
        </QueryResult>
      </div>
      <NoteDialog
        open={returning !== null}
        title={t('review.returnTitle')}
        intro={t('review.returnIntro', { name: returning?.by ?? t('review.someone') })}
        label={t('review.noteForAuthor')}
        confirmLabel={t('review.return')}
        required
        busy={busy !== null}
        onSend={async (note) => {
          try {
            await giveBack(note);
          } catch (error) {
            if (error instanceof Error && 'errors' in error) throw error;
            toast.error(failureText(error, t('review.returnFailed')));
          }
        }}
        onClose={() => setReturning(null)}
      />
    </Page>
  );
}

type ReviewItemProps = { item: Waiting; busy: boolean; onPublish: () => void; onReturn: () => void };

/** One waiting change: what it is, who sent it and why, what it changes, and what to do with it. */
function ReviewItem({ item, busy, onPublish, onReturn }: ReviewItemProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const one = inLanguage(item.one, i18n.language);
  const title = item.title?.trim() || `${one} #${item.id}`;
  return (
    <li className="card review-item" aria-labelledby={id}>
      <header className="review-item__header">
        <p className="review-item__kind">
          <span>{one}</span>
          <span className={`status-badge status-badge--${item.live ? 'live' : 'draft'}`}>{item.live ? t('review.onSite') : t('review.newItem')}</span>
        </p>
        <h2 className="review-item__title" id={id}>
          <Link to={editPath(item.kind, item.id)}>
            <bdi>{title}</bdi>
          </Link>
        </h2>
        <p className="review-item__by muted">{t('review.submittedBy', { by: item.by ?? t('review.someone'), at: formatDateTime(item.at) })}</p>
      </header>
      {item.note ? (
        <blockquote className="review-item__note" dir="auto">
          {item.note}
        </blockquote>
      ) : null}
      {item.fields.length > 0 ? <Changes item={item} /> : null}
      <div className="review-item__actions">
        <Button onClick={onPublish} busy={busy}>
          {t('lifecycle.publishNow')}
        </Button>
        <Button variant="secondary" onClick={onReturn} disabled={busy}>
          {t('review.return')}
        </Button>
      </div>
    </li>
  );
}

/** The fields the change makes different: each with the site's value (when live) and the change's. */
function Changes({ item }: { item: Waiting }) {
  const { t, i18n } = useTranslation();
  const value = (text: string) => (text ? <bdi>{text}</bdi> : <span className="muted">{t('review.empty')}</span>);
  return (
    <table className="review-changes">
      <caption className="visually-hidden">{t('review.changes')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('review.field')}</th>
          {item.live ? <th scope="col">{t('review.live')}</th> : null}
          <th scope="col">{t('review.pending')}</th>
        </tr>
      </thead>
      <tbody>
        {item.fields.map((field: ChangedField) => (
          <tr key={field.field}>
            <th scope="row">{inLanguage(field.label, i18n.language) || field.field}</th>
            {item.live ? (
              <td className="review-changes__live" data-label={t('review.live')}>
                {value(shown(field.live))}
              </td>
            ) : null}
            <td className="review-changes__pending" data-label={t('review.pending')}>
              {value(shown(field.pending))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
