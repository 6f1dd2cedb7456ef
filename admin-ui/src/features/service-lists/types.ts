import type { ListFilter } from '@/components/data-table/use-list-filter';
import type { Lifecycle } from '@/components/lifecycle/api';

/** As the admin reads it: its fields and its lifecycle (status, schedule, version). */
export type ServiceListItem = Lifecycle & {
  id: number;
  our_service_id: number;
  service_name: string;
  name: string;
  name_ar: string | null;
  description: string;
  description_ar: string | null;
  image_url: string;
  titleBgClass: string;
  display_order: number;
  created_at: string;
  updated_at: string;
};

export type ServiceListInput = Omit<ServiceListItem, 'id' | 'service_name' | 'created_at' | 'updated_at' | keyof Lifecycle>;

/** A parent service, as the dropdowns need it. */
export type ParentService = { id: number; name: string };

export const serviceListKeys = {
  all: ['service-lists'] as const,
  list: (serviceId: number, page: number, filter: ListFilter) => ['service-lists', 'list', serviceId, page, filter] as const,
  detail: (id: number) => ['service-lists', 'detail', id] as const,
  parents: ['service-lists', 'parents'] as const,
};
