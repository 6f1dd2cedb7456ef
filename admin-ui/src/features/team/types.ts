import type { Role } from '@/lib/permissions';

export type AdminUser = {
  id: number;
  username: string;
  role: Role;
  disabled: boolean;
  totpEnabled: boolean;
  mustChangePassword: boolean;
  /** Where the mail about reviews goes (none when not given). */
  email?: string | null;
  created_at: string;
  last_sign_in_at: string | null;
};

export const teamKeys = { all: ['admin-users'] as const };
