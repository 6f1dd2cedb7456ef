/**
 * The enquiry desk's shared cache (contact enquiries and airport requests alike) and its summary,
 * `GET /inbox/summary` → `{"new": N, "waitingOver24h": M}` over both kinds, which the menu shows.
 * Every query of the desk lives under `inboxKeys.all`, so a change made at the desk (a status,
 * an assignee, a note, a delete) refreshes the lists, the item and the menu's count at once.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { INBOX_SUMMARY_MS } from '@/config/constants';
import { request } from './api-client';

export const inboxKeys = {
  all: ['inbox'] as const,
  summary: () => ['inbox', 'summary'] as const,
};

export type InboxSummary = {
  /** Items still New, both kinds. */
  new: number;
  /** Of those, the ones that came in more than a day ago. */
  waitingOver24h: number;
};

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);

/** Not enveloped (the contract): the two counts, read defensively. */
export async function getInboxSummary(signal?: AbortSignal): Promise<InboxSummary> {
  const body = await request<Partial<Record<keyof InboxSummary, unknown>> | null>('/inbox/summary', { signal });
  return { new: count(body?.new), waitingOver24h: count(body?.waitingOver24h) };
}

export const inboxSummaryQueryOptions = () =>
  queryOptions({ queryKey: inboxKeys.summary(), queryFn: ({ signal }) => getInboxSummary(signal), staleTime: 0 });

/** The summary, read every minute while the shell is open, by those who may read enquiries. */
export function useInboxSummary(enabled = true) {
  return useQuery({ ...inboxSummaryQueryOptions(), refetchInterval: INBOX_SUMMARY_MS, enabled });
}
