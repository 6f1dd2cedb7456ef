import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/dates';
import type { Note } from '../types';

/** The item's notes, newest first (as the server keeps them): who wrote each, when, and what. */
export function NotesTimeline({ notes }: { notes: Note[] }) {
  const { t } = useTranslation();
  if (notes.length === 0) return <p className="notes__empty">{t('inbox.notes.none')}</p>;
  return (
    <ol className="notes" aria-label={t('inbox.notes.timeline')}>
      {notes.map((note, index) => (
        <li key={`${note.at}-${index}`} className="note">
          <p className="note__meta">
            <bdi className="note__author">{note.author ?? t('inbox.notes.unknownAuthor')}</bdi>
            <time dateTime={note.at} dir="ltr">
              {formatDateTime(note.at)}
            </time>
          </p>
          <p className="note__text pre-line" dir="auto">
            {note.text}
          </p>
        </li>
      ))}
    </ol>
  );
}
