import type { ListFilter } from '@/components/data-table/use-list-filter';
import type { Lifecycle } from '@/components/lifecycle/api';

/** An item of a declared kind as the API returns it: its declared fields, its lifecycle, its bookkeeping. */
export type Item = Lifecycle & { created_at: string; updated_at: string; slug?: string } & Record<string, unknown>;

/** What a save sends: the declared fields (and the lifecycle the form adds). */
export type Payload = Record<string, unknown>;

/** Under `items`, by kind: a write refreshes that kind's lists, items and the names other kinds show of them. */
export const itemKeys = {
  all: (kind: string) => ['items', kind] as const,
  list: (kind: string, page: number, filter: ListFilter, parent?: number) => ['items', kind, 'list', page, filter, parent ?? null] as const,
  detail: (kind: string, id: number) => ['items', kind, 'detail', id] as const,
  references: (kind: string) => ['items', kind, 'references'] as const,
};
