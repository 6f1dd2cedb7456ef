/**
 * A review's hand-off with a note: "Submit for review" (the note optional: what to look at) and
 * "Return with a note" (required: what needs to change). The server's refusal of the note (too
 * long, missing) shows under it; anything else is the caller's to say.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

/** The longest note the server keeps. */
export const NOTE_MAX = 2000;

type NoteDialogProps = {
  open: boolean;
  title: string;
  /** What the note is for, above it. */
  intro: string;
  label: string;
  confirmLabel: string;
  required: boolean;
  busy: boolean;
  /** Sends the note; rejects with the server's answer. */
  onSend: (note: string) => Promise<void>;
  onClose: () => void;
};

export function NoteDialog({ open, title, intro, label, confirmLabel, required, busy, onSend, onClose }: NoteDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const formId = `${id}-form`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Rendered in a portal, but its events still bubble through React to the content form it
    // was opened from: that form must not take this submit for its own save.
    event.stopPropagation();
    if (required && note.trim() === '') {
      setError(t('review.noteRequired'));
      return;
    }
    setError(null);
    try {
      await onSend(note.trim());
      setNote('');
    } catch (failure) {
      const refused = failure instanceof ApiError ? failure.errors.note : undefined;
      if (refused) setError(refused);
      else throw failure;
    }
  };

  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      size="small"
      describedBy={`${id}-intro`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('confirm.cancel')}
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className="note-dialog" onSubmit={(event) => void submit(event)} noValidate>
        <p id={`${id}-intro`}>{intro}</p>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-note`}>
            {label} {required ? null : <span className="field__optional">({t('common.optional')})</span>}
          </label>
          <textarea
            id={`${id}-note`}
            className="input input--area"
            rows={4}
            dir="auto"
            maxLength={NOTE_MAX}
            value={note}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setNote(event.target.value)}
          />
          {error ? (
            <p id={`${id}-error`} className="field__error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      </form>
    </Dialog>
  );
}
