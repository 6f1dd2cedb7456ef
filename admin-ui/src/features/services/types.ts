import type { ListFilter } from '@/components/data-table/use-list-filter';
import type { Lifecycle } from '@/components/lifecycle/api';

/** As the admin reads it: its fields and its lifecycle (status, schedule, version). */
export type Service = Lifecycle & {
  id: number;
  name: string;
  name_ar: string | null;
  description: string;
  description_ar: string | null;
  content: string;
  content_ar: string | null;
  display_order: number;
  image_url: string;
  color: string;
  /** Shown on the site with a "Coming soon" overlay. */
  coming_soon: boolean;
  created_at: string;
  updated_at: string;
};

export type ServiceInput = Omit<Service, 'id' | 'created_at' | 'updated_at' | keyof Lifecycle>;

export const serviceKeys = {
  all: ['services'] as const,
  list: (page: number, filter: ListFilter) => ['services', 'list', page, filter] as const,
  detail: (id: number) => ['services', 'detail', id] as const,
};
