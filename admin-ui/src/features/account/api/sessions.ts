import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPage, remove } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { accountKeys, type AccountSession } from '../types';

/** The current session first, then the most recently active. */
export const getSessions = (signal?: AbortSignal) => getPage<AccountSession>('/account/sessions', 1, 100, signal);

export const useSessions = () =>
  useQuery(queryOptions({ queryKey: accountKeys.sessions(), queryFn: ({ signal }) => getSessions(signal) }));

export const endSession = (id: number) => remove(`/account/sessions/${id}`);

export const useEndSession = () => useInvalidatingMutation(endSession, accountKeys.sessions());
