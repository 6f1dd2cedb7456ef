import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, type ListEnvelope } from '@/lib/api-client';
import { translationKeys, type ToTranslate, type TranslationFilters } from '../types';

/** Every item whose Arabic is missing or outdated, kind by kind, oldest first (the whole list: it is not paged). */
export async function getTranslations(filters: TranslationFilters, signal?: AbortSignal): Promise<ToTranslate[]> {
  const body = await request<ListEnvelope<ToTranslate>>('/translations', { query: filters, signal });
  return body.responseBody?.result ?? [];
}

export const getTranslationsQueryOptions = (filters: TranslationFilters) =>
  queryOptions({
    queryKey: translationKeys.list(filters),
    queryFn: ({ signal }) => getTranslations(filters, signal),
    // Read afresh whenever the page opens: a save in a form (this translator's or another's) changes it.
    staleTime: 0,
    refetchOnMount: 'always',
  });

export const useTranslationsList = (filters: TranslationFilters) => useQuery(getTranslationsQueryOptions(filters));
