import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPage, remove, save } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import type { Role } from '@/lib/permissions';
import { teamKeys, type AdminUser } from '../types';

export const getAdminUsers = (signal?: AbortSignal) => getPage<AdminUser>('/admin-users', 1, 1000, signal);
export const useAdminUsers = () =>
  useQuery(queryOptions({ queryKey: teamKeys.all, queryFn: ({ signal }) => getAdminUsers(signal) }));

export type NewAdmin = { username: string; password: string; role: Role; email?: string };
/** The password is one-time: the new administrator changes it at first sign-in. */
export const createAdminUser = (input: NewAdmin) => save<AdminUser>('POST', '/admin-users', input);
export const useCreateAdminUser = () => useInvalidatingMutation(createAdminUser, teamKeys.all);

/**
 * `totp: false` turns their two-factor sign-in off (it is only ever turned on from their own account).
 * A change that would leave no active owner is refused (409).
 */
export type AdminChange = { id: number; disabled?: boolean; password?: string; totp?: false; role?: Role; email?: string | null };
/** Disabling, resetting or turning two-factor off ends that administrator's sessions. */
export const updateAdminUser = ({ id, ...change }: AdminChange) => save<AdminUser>('PUT', `/admin-users/${id}`, change);
export const useUpdateAdminUser = () => useInvalidatingMutation(updateAdminUser, teamKeys.all);

export const deleteAdminUser = (id: number) => remove(`/admin-users/${id}`);
export const useDeleteAdminUser = () => useInvalidatingMutation(deleteAdminUser, teamKeys.all);
