/**
 * Dates are stored in UTC and shown day-month-year in the viewer's time zone (decision 9);
 * detail views add the time.
 */
const pad = (n: number) => String(n).padStart(2, '0');

function parse(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `21-11-2026` */
export function formatDate(value: string | Date | null | undefined): string {
  const date = parse(value);
  if (!date) return '';
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}`;
}

/** `14:02` */
export function formatTime(value: string | Date | null | undefined): string {
  const date = parse(value);
  return date ? `${pad(date.getHours())}:${pad(date.getMinutes())}` : '';
}

/** `21-11-2026 14:02` */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = parse(value);
  return date ? `${formatDate(date)} ${formatTime(date)}` : '';
}
