export type AuditEntry = {
  id: number;
  at: string;
  actor: string | null;
  address: string | null;
  action: string;
  resource: string | null;
  resource_id: string | null;
  /** What the line is about, by name: an administrator's user name, a content item's title. */
  name: string | null;
  detail: Record<string, unknown> | null;
};

export type AuditFilters = { actor?: string; action?: string; from?: string; to?: string };

export const auditKeys = {
  all: ['audit'] as const,
  list: (page: number, filters: AuditFilters) => [...auditKeys.all, page, filters] as const,
};
