/**
 * Times in a chosen time zone: the admin enters and reads schedule times in one zone (Asia/Dubai
 * unless the administrator picks another), always shown with its UTC offset; the API takes and
 * gives UTC (RFC 3339). A schedule is saved with the zone it was entered in (`schedule_zone`) and
 * reopens in it.
 */
import { useSyncExternalStore } from 'react';

export const TIME_ZONES = ['Asia/Dubai', 'Asia/Riyadh', 'Asia/Qatar', 'Asia/Bahrain', 'Europe/London', 'Asia/Kolkata', 'UTC'] as const;
export type TimeZone = (typeof TIME_ZONES)[number];
export const DEFAULT_TIME_ZONE: TimeZone = 'Asia/Dubai';
const KEY = 'concierge.timeZone';
const listeners = new Set<() => void>();

/** One of the zones the admin offers (the only ones a save names). */
export function isTimeZone(zone: unknown): zone is TimeZone {
  return (TIME_ZONES as readonly unknown[]).includes(zone);
}

function read(): TimeZone {
  try {
    const stored = localStorage.getItem(KEY);
    return isTimeZone(stored) ? stored : DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

export function setTimeZone(zone: string) {
  try {
    localStorage.setItem(KEY, zone);
  } catch {
    /* private mode: the choice lasts this page */
  }
  listeners.forEach((l) => l());
}

export function useTimeZone(): TimeZone {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => DEFAULT_TIME_ZONE,
  );
}

/** Minutes `zone` is ahead of UTC at the instant `at` (ms). */
export function offsetMinutes(zone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(at / 1000) * 1000) / 60000);
}

/** `+04:00` */
export function offsetLabel(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** A `datetime-local` value read in `zone`, as an RFC 3339 instant; `null` for an empty one. */
export function zonedToUtc(local: string, zone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  let at = wall - offsetMinutes(zone, wall) * 60000;
  at = wall - offsetMinutes(zone, at) * 60000;
  return new Date(at).toISOString();
}

/** An instant as a `datetime-local` value in `zone`. */
export function utcToZoned(iso: string | null | undefined, zone: string): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const shifted = new Date(at + offsetMinutes(zone, at) * 60000);
  return shifted.toISOString().slice(0, 16);
}

/** `30-03-2027 09:00 (UTC+04:00)`: day-month-year, as every date in the admin. */
export function formatInZone(iso: string | null | undefined, zone: string): string {
  if (!iso) return '';
  const local = utcToZoned(iso, zone);
  if (!local) return '';
  const [date, time] = local.split('T');
  const [y, m, d] = date.split('-');
  return `${d}-${m}-${y} ${time} (UTC${offsetLabel(offsetMinutes(zone, Date.parse(iso)))})`;
}

/** `10:02` in `zone` for an instant of today there, else as `formatInZone` (a date is needed). */
export function clockInZone(iso: string | null | undefined, zone: string, now = Date.now()): string {
  const local = iso ? utcToZoned(iso, zone) : '';
  if (!local) return '';
  const today = utcToZoned(new Date(now).toISOString(), zone).slice(0, 10);
  return local.startsWith(today) ? local.slice(11, 16) : formatInZone(iso, zone);
}
