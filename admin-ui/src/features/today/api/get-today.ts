import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, type ItemEnvelope } from '@/lib/api-client';
import { todayKeys, type Today } from '../types';

/** What waits for the signed-in administrator today, as their role may see it. */
export async function getToday(signal?: AbortSignal): Promise<Today> {
  const body = await request<ItemEnvelope<Today>>('/account/today', { signal });
  return body.responseBody[0];
}

export const getTodayQueryOptions = () =>
  queryOptions({
    queryKey: todayKeys.all,
    queryFn: ({ signal }) => getToday(signal),
    // Read afresh whenever the page opens: the day's work moves with every save.
    staleTime: 0,
    refetchOnMount: 'always',
  });

export const useToday = () => useQuery(getTodayQueryOptions());
