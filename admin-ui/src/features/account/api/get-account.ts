import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOne } from '@/lib/api-client';
import { accountKeys, type Account } from '../types';

/** The signed-in administrator: name, two-factor, and whether they must act before anything else. */
export const getAccount = (signal?: AbortSignal) => getOne<Account>('/account', signal);

export const getAccountQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.me(), queryFn: ({ signal }) => getAccount(signal) });

export const useAccount = (enabled = true) => useQuery({ ...getAccountQueryOptions(), enabled });
