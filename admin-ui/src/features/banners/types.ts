export type Banner = {
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

export type BannerInput = Omit<Banner, 'id' | 'created_at' | 'updated_at'>;

export const bannerKeys = {
  all: ['banners'] as const,
  list: (page: number) => ['banners', 'list', page] as const,
  detail: (id: number) => ['banners', 'detail', id] as const,
};
