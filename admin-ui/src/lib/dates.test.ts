import { formatDate, formatDateTime, formatTime } from './dates';

describe('dates', () => {
  // vite.config.ts runs the tests in Asia/Dubai (UTC+4, no daylight saving).
  it('shows a stored UTC instant day-month-year in the viewer\'s zone', () => {
    expect(formatDate('2026-11-21T22:30:00Z')).toBe('22-11-2026');
    expect(formatDateTime('2026-11-21T22:30:00Z')).toBe('22-11-2026 02:30');
    expect(formatTime('2026-01-05T08:04:00Z')).toBe('12:04');
  });

  it('shows nothing for missing or broken dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
