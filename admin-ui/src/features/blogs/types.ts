import type { ListFilter } from '@/components/data-table/use-list-filter';
import type { Lifecycle } from '@/components/lifecycle/api';

/** As the admin reads it: its fields and its lifecycle (status, schedule, version). */
export type Blog = Lifecycle & {
  id: number;
  name: string;
  name_ar: string | null;
  description: string;
  description_ar: string | null;
  image_url: string;
  display_order: number;
  meta_title: string;
  meta_title_ar: string | null;
  meta_description: string;
  meta_description_ar: string | null;
  key_words: string;
  key_words_ar: string | null;
  slug: string;
  created_at: string;
  updated_at: string;
};

export type BlogInput = Omit<Blog, 'id' | 'slug' | 'created_at' | 'updated_at' | keyof Lifecycle>;

export const blogKeys = {
  all: ['blogs'] as const,
  list: (page: number, filter: ListFilter) => ['blogs', 'list', page, filter] as const,
  detail: (id: number) => ['blogs', 'detail', id] as const,
};
