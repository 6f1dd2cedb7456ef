import type { ListFilter } from '@/components/data-table/use-list-filter';
import type { Lifecycle } from '@/components/lifecycle/api';

/** As the admin reads it: its fields and its lifecycle (status, schedule, version). */
export type Banner = Lifecycle & {
  id: number;
  banner_name: string;
  banner_url: string;
  image_id: string;
  title: string;
  title_ar: string | null;
  sub_title: string;
  sub_title_ar: string | null;
  web_url: string;
  created_at: string;
  updated_at: string;
};

export type BannerInput = Omit<Banner, 'id' | 'created_at' | 'updated_at' | keyof Lifecycle>;

export const bannerKeys = {
  all: ['banners'] as const,
  list: (page: number, filter: ListFilter) => ['banners', 'list', page, filter] as const,
  detail: (id: number) => ['banners', 'detail', id] as const,
};
