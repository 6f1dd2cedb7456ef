import type { Bilingual } from '@/lib/kinds';
import type { LiveCounts } from '@/lib/live-events';

/** Why an item is on the start page. */
export type BriefState = 'waiting' | 'returned' | 'draft' | 'pending' | 'missing' | 'outdated';

/** An item on the start page (`GET /account/today`). */
export type Brief = {
  kind: string;
  /** What one item of the kind is called. */
  one: Bilingual;
  id: number;
  title: string | null;
  state: BriefState;
  /** Since when it stands so, where known. */
  at: string | null;
  /** Who submitted it (waiting) or returned it (returned). */
  by: string | null;
  note: string | null;
  /** The fields concerned, by their labels. */
  fields: Bilingual[];
};

/** What waits for the signed-in administrator; a part their role may not read is absent. */
export type Today = {
  counts: LiveCounts;
  /** Of the new enquiries, those that came more than 24 hours ago. */
  overdue?: number;
  waiting?: Brief[];
  translations?: Brief[];
  mine?: Brief[];
};

export const todayKeys = {
  all: ['today'] as const,
};
