export type Blog = {
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

export type BlogInput = Omit<Blog, 'id' | 'slug' | 'created_at' | 'updated_at'>;

export const blogKeys = {
  all: ['blogs'] as const,
  list: (page: number) => ['blogs', 'list', page] as const,
  detail: (id: number) => ['blogs', 'detail', id] as const,
};
