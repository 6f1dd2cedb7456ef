import type { Role } from '@/lib/permissions';

export type AdminUser = {
  id: number;
  username: string;
  role: Role;
  disabled: boolean;
  totpEnabled: boolean;
  mustChangePassword: boolean;
  created_at: string;
  last_sign_in_at: string | null;
};

export const teamKeys = { all: ['admin-users'] as const };
