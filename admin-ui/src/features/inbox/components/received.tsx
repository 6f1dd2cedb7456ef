import { formatDate, formatDateTime, formatTime } from '@/lib/dates';

/**
 * When an item came in, in the viewer's time zone, day-month-year: the day over the time of day
 * in a list, or on one line (`21-11-2026 14:02`, kept in that order in Arabic too).
 */
export function Received({ at, inline = false }: { at: string; inline?: boolean }) {
  if (inline)
    return (
      <time className="received received--inline" dateTime={at} dir="ltr">
        {formatDateTime(at)}
      </time>
    );
  return (
    <time className="received" dateTime={at}>
      <span className="received__date">{formatDate(at)}</span> <span className="received__time">{formatTime(at)}</span>
    </time>
  );
}
