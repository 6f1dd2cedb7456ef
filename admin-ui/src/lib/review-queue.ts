/**
 * The review queue (ARCHITECTURE.md, "Review and translation"): every change waiting for an
 * editor, `GET /review`, the longest waiting first. Its page and the menu's count read the same
 * query (`reviewKeys.all`), which any lifecycle action refreshes (it invalidates every query).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, type ListEnvelope } from './api-client';
import type { Bilingual } from './kinds';

/** A field a waiting change makes different, with its value on the site and in the change. */
export type ChangedField = {
  field: string;
  /** Its label in the form, in both languages. */
  label: Bilingual;
  /** On the site now (`null` for an item never published). */
  live: unknown;
  pending: unknown;
};

/** A change waiting for an editor (`GET /review`). */
export type Waiting = {
  kind: string;
  /** What one item of the kind is called. */
  one: Bilingual;
  id: number;
  title: string | null;
  /** Who submitted it, when, and their note. */
  by: string | null;
  at: string;
  note: string | null;
  /** The item is on the site: the change is a pending change of a live item. */
  live: boolean;
  fields: ChangedField[];
};

export const reviewKeys = {
  all: ['review'] as const,
};

/** How often the menu's count is read again besides the live events (which read it again when it changes). */
export const REVIEW_COUNT_MS = 60_000;

/** Every change waiting for an editor, the longest waiting first (the whole queue: it is not paged). */
export async function getReview(signal?: AbortSignal): Promise<Waiting[]> {
  const body = await request<ListEnvelope<Waiting>>('/review', { signal });
  return body.responseBody?.result ?? [];
}

export const getReviewQueryOptions = () =>
  queryOptions({
    queryKey: reviewKeys.all,
    queryFn: ({ signal }) => getReview(signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });

export const useReviewQueue = () => useQuery(getReviewQueryOptions());

/** The menu's count of what waits (only for whoever reviews: nobody else may read the queue). */
export function useReviewCount(enabled: boolean) {
  return useQuery({ ...getReviewQueryOptions(), refetchOnMount: false, refetchInterval: REVIEW_COUNT_MS, enabled, select: (items) => items.length });
}
