export type ClientReview = {
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

export type ClientReviewInput = Omit<ClientReview, 'id' | 'created_at' | 'updated_at'>;

export const reviewKeys = {
  all: ['client-reviews'] as const,
  list: (page: number) => ['client-reviews', 'list', page] as const,
  detail: (id: number) => ['client-reviews', 'detail', id] as const,
};
