import { save } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { accountKeys, type Account } from '../types';

export type EmailChange = { email: string };

/** Where the mail about reviews goes; empty removes it. */
export const setEmail = (input: EmailChange) => save<Account>('PUT', '/account', input);

export const useSetEmail = () => useInvalidatingMutation(setEmail, accountKeys.all);
