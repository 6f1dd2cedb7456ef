/**
 * The administrator's live events (ARCHITECTURE.md, "Review and translation": `GET /events`): one
 * stream for the whole shell, read with `fetch` (an `EventSource` cannot send the API key and the
 * token). Each `saved` (another's save of content, with its version and the fields it changed)
 * reaches the forms listening for that item, and so does each `presence` (who else has it open);
 * each `counts` keeps the menu's counts live and reads
 * again what they count. A dropped stream is opened again after 2 s from the last event it told,
 * so no save is missed.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, send } from './api-client';
import { inboxKeys } from './inbox';
import { reviewKeys } from './review-queue';

/** A save of content, as the stream tells it. */
export type SavedEvent = {
  kind: string;
  id: number;
  version: number | null;
  by: string | null;
  at: string;
  action: string;
  fields: string[];
};

/** Someone with an item's form open, since when. */
export type Present = { username: string; since: string };

/** Who else has an item's form open (empty when the last of them closed it). */
export type PresenceEvent = { kind: string; id: number; present: Present[] };

/** The menu's counts, each only for a role that may read it. */
export type LiveCounts = { review?: number; translations?: number; inbox?: number };

export type StreamEvent = { event: string; id?: string; data?: string };

/** Waits this long before opening a dropped stream again. */
export const RECONNECT_MS = 2000;

/**
 * The events complete in `buffer` (each ends with a blank line), and what is left of it: the
 * Server-Sent Events format, as far as this stream uses it (`event`, `id`, `data`, comments).
 */
export function parseEvents(buffer: string): [StreamEvent[], string] {
  const events: StreamEvent[] = [];
  // A piece that ends between a CR and its LF keeps the CR for the next piece: read now, the pair
  // would count as two line ends.
  const held = buffer.endsWith('\r') ? '\r' : '';
  const text = (held ? buffer.slice(0, -1) : buffer).replace(/\r\n?/g, '\n');
  let start = 0;
  for (let end = text.indexOf('\n\n', start); end !== -1; end = text.indexOf('\n\n', start)) {
    const block = text.slice(start, end);
    start = end + 2;
    const event: StreamEvent = { event: 'message' };
    let seen = false;
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event.event = value;
      else if (field === 'id') event.id = value;
      else if (field === 'data') event.data = event.data === undefined ? value : `${event.data}\n${value}`;
      else continue;
      seen = true;
    }
    if (seen) events.push(event);
  }
  return [events, text.slice(start) + held];
}

type Listener = (saved: SavedEvent) => void;
const listeners = new Set<Listener>();
type PresenceListener = (presence: PresenceEvent) => void;
const presenceListeners = new Set<PresenceListener>();
let counts: LiveCounts = {};
const countWatchers = new Set<() => void>();

/** Hears every save the stream tells, until the returned function is called. */
export function onSaved(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Hears who else opens or closes an item's form, until the returned function is called. */
export function onPresence(listener: PresenceListener): () => void {
  presenceListeners.add(listener);
  return () => presenceListeners.delete(listener);
}

function setCounts(next: LiveCounts) {
  counts = next;
  countWatchers.forEach((watch) => watch());
}

/** The menu's counts as the stream last told them (empty before it has). */
export function useLiveCounts(): LiveCounts {
  return useSyncExternalStore(
    (watch) => {
      countWatchers.add(watch);
      return () => countWatchers.delete(watch);
    },
    () => counts,
  );
}

/** What an event does: a save goes to its listeners, counts to the menu (and what changed is read again). */
export function dispatch(event: StreamEvent, queryClient: QueryClient): void {
  if (!event.data) return;
  let data: unknown;
  try {
    data = JSON.parse(event.data);
  } catch {
    return;
  }
  if (event.event === 'saved' && data && typeof data === 'object') {
    const saved = data as SavedEvent;
    listeners.forEach((listener) => listener(saved));
    // Whatever waits or needs a translator may have changed with it.
    void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['translations'] });
  } else if (event.event === 'presence' && data && typeof data === 'object') {
    const presence = data as PresenceEvent;
    presenceListeners.forEach((listener) => listener(presence));
  } else if (event.event === 'counts' && data && typeof data === 'object') {
    const next = data as LiveCounts;
    if (counts.review !== undefined && next.review !== counts.review) void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    if (counts.inbox !== undefined && next.inbox !== counts.inbox) void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
    setCounts(next);
  }
}

/** Keeps the stream open while the shell is (`enabled`: signed in and allowed past the account page). */
export function useLiveEvents(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const stop = new AbortController();
    let after: string | undefined;
    const sleep = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));
    const run = async () => {
      while (!stop.signal.aborted) {
        try {
          const response = await send('/events', { query: after === undefined ? undefined : { after }, signal: stop.signal });
          const reader = response.body?.getReader();
          const decoder = new TextDecoder();
          let buffer = '';
          for (;;) {
            if (!reader) break;
            const { done, value } = await reader.read();
            if (done) break;
            const [events, rest] = parseEvents(buffer + decoder.decode(value, { stream: true }));
            buffer = rest;
            for (const event of events) {
              if (event.id !== undefined) after = event.id;
              dispatch(event, queryClient);
            }
          }
        } catch (error) {
          // Refused (signed out, no longer allowed): nothing to open again. A dropped stream or a
          // server going away is tried again below.
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return;
        }
        if (stop.signal.aborted) return;
        await sleep(RECONNECT_MS);
      }
    };
    void run();
    return () => stop.abort();
  }, [enabled, queryClient]);
}

/**
 * The newest save of `kind` `id` by someone other than `me` that made a version after `version`
 * (the one the form is based on): what an open form says before its own save.
 */
export function useSavedElsewhere(kind: string | undefined, id: number | undefined, version: number | undefined, me: string | null | undefined): SavedEvent | null {
  const [saved, setSaved] = useState<SavedEvent | null>(null);
  useEffect(() => {
    if (!kind || id === undefined) return;
    return onSaved((event) => {
      if (event.kind === kind && event.id === id && event.by !== me) setSaved(event);
    });
  }, [kind, id, me]);
  if (!saved || version === undefined || saved.version === null || saved.version <= version) return null;
  return saved;
}
