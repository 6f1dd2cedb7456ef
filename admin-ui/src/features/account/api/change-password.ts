import { save } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { accountKeys, type Account } from '../types';

export type PasswordChange = { current_password: string; new_password: string };

/** Every other session of this administrator ends. */
export const changePassword = (input: PasswordChange) => save<Account>('PUT', '/account/password', input);

export const useChangePassword = () => useInvalidatingMutation(changePassword, accountKeys.all);
