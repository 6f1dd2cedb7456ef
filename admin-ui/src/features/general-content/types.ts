import type { ListFilter } from '@/components/data-table/use-list-filter';
import type { Lifecycle } from '@/components/lifecycle/api';

/** As the admin reads it: its fields and its lifecycle (status, schedule, version). */
export type GeneralContent = Lifecycle & {
  id: number;
  name: string;
  values: string;
  values_ar: string | null;
  display_order: number;
  created_at: string;
  updated_at: string;
};

export type GeneralContentInput = Omit<GeneralContent, 'id' | 'created_at' | 'updated_at' | keyof Lifecycle>;

export const generalContentKeys = {
  all: ['general-content'] as const,
  list: (page: number, filter: ListFilter) => ['general-content', 'list', page, filter] as const,
  detail: (id: number) => ['general-content', 'detail', id] as const,
};
