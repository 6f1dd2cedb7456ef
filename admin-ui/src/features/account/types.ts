import type { Role } from '@/lib/permissions';

export type Account = {
  username: string;
  totpEnabled: boolean;
  mustChangePassword: boolean;
  totpRequired: boolean;
  /** The account's role. */
  role?: Role;
  /** What the role may do (`content.publish`, `team`, …). */
  permissions?: string[];
  /** Where the mail about reviews goes (none when not given). */
  email?: string | null;
};
export type AccountSession = {
  id: number;
  created_at: string;
  last_seen_at: string;
  address: string | null;
  user_agent: string | null;
  current: boolean;
};
export type TotpSetup = { secret: string; otpauth_uri: string; qr_svg: string };

export const accountKeys = {
  all: ['account'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
};
