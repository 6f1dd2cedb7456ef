import type { ListFilter } from '@/components/data-table/use-list-filter';
import type { Lifecycle } from '@/components/lifecycle/api';

/** As the admin reads it: its fields and its lifecycle (status, schedule, version). */
export type ClientReview = Lifecycle & {
  id: number;
  title: string;
  title_ar: string | null;
  name: string;
  name_ar: string | null;
  description: string;
  description_ar: string | null;
  display_order: number;
  image_url: string;
  created_at: string;
  updated_at: string;
};

export type ClientReviewInput = Omit<ClientReview, 'id' | 'created_at' | 'updated_at' | keyof Lifecycle>;

export const reviewKeys = {
  all: ['client-reviews'] as const,
  list: (page: number, filter: ListFilter) => ['client-reviews', 'list', page, filter] as const,
  detail: (id: number) => ['client-reviews', 'detail', id] as const,
};
