/**
 * Who else has an item's form open (ARCHITECTURE.md, "Edits that never overwrite each other"):
 * while the form is open it says so every 20 seconds and hears who else did in the last minute,
 * and the live events tell at once who else opens or closes it; it says it left when the form
 * closes. Advisory only: the version check does the protecting.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request, type ListEnvelope } from '@/lib/api-client';
import { onPresence, type Present, type SavedEvent } from '@/lib/live-events';
import type { KindName } from './api';
import { clockInZone, useTimeZone } from './time-zone';

/** How often an open form says it is still open (the server forgets after 60 s). */
export const PRESENCE_INTERVAL_MS = 20_000;

const presencePath = (kind: KindName, id: number) => `/presence/${kind}/${id}`;

/** Marks the form open; answers the others who have it open. */
export async function announcePresence(kind: KindName, id: number): Promise<Present[]> {
  const body = await request<ListEnvelope<Present>>(presencePath(kind, id), { method: 'PUT' });
  return body?.responseBody?.result ?? [];
}

export async function leavePresence(kind: KindName, id: number): Promise<void> {
  await request<unknown>(presencePath(kind, id), { method: 'DELETE' });
}

/** The others editing the item while this form is open (none for a new item). */
export function usePresence(kind: KindName | undefined, id: number | undefined): Present[] {
  const [others, setOthers] = useState<Present[]>([]);
  useEffect(() => {
    if (!kind || id === undefined) return;
    let live = true;
    const announce = () =>
      announcePresence(kind, id).then(
        (list) => live && setOthers(list),
        // Advisory: a failed announcement only means no names are shown.
        () => undefined,
      );
    void announce();
    const timer = window.setInterval(() => void announce(), PRESENCE_INTERVAL_MS);
    // Between announcements, the live events say at once who else opens or closes it.
    const stopHearing = onPresence((presence) => {
      if (live && presence.kind === kind && presence.id === id) setOthers(presence.present);
    });
    return () => {
      live = false;
      stopHearing();
      window.clearInterval(timer);
      void leavePresence(kind, id).catch(() => undefined);
    };
  }, [kind, id]);
  return others;
}

/** "Sara is also editing this (since 10:02)" above the form, nothing when alone. */
export function PresenceNote({ others }: { others: Present[] }) {
  const { t, i18n } = useTranslation();
  const zone = useTimeZone();
  if (others.length === 0) return null;
  const since = (other: Present) => clockInZone(other.since, zone);
  const names = others.map((other) => t('presence.person', { name: other.username, since: since(other) }));
  const joined = new Intl.ListFormat(i18n.language === 'ar' ? 'ar' : 'en', { style: 'long', type: 'conjunction' }).format(names);
  const [first] = others;
  return (
    <p className="presence" role="status">
      {others.length === 1 ? t('presence.one', { name: first.username, since: since(first) }) : t('presence.many', { names: joined })}
    </p>
  );
}

type SavedNoteProps = {
  saved: SavedEvent | null;
  /** A field's label in this form. */
  labelOf: (name: string) => string;
};

/**
 * "Sara saved this at 10:04: Title, Description changed", as soon as another's save made a version
 * after the one this form is based on: said before this form's own save (which then shows both
 * versions, field by field, to choose from).
 */
export function SavedElsewhereNote({ saved, labelOf }: SavedNoteProps) {
  const { t, i18n } = useTranslation();
  const zone = useTimeZone();
  if (!saved) return null;
  const fields = saved.fields.filter((field) => !field.endsWith('_at') && field !== 'slug' && !field.startsWith('excerpt')).map(labelOf);
  const list = new Intl.ListFormat(i18n.language === 'ar' ? 'ar' : 'en', { style: 'long', type: 'conjunction' }).format(fields);
  const by = saved.by ?? t('merge.someone');
  const at = clockInZone(saved.at, zone);
  return (
    <div className="presence presence--saved" role="alert">
      <p className="presence__title">{fields.length > 0 ? t('presence.savedFields', { name: by, at, fields: list }) : t('presence.saved', { name: by, at })}</p>
      <p>{t('presence.savedHint')}</p>
    </div>
  );
}
