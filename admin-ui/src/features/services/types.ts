export type Service = {
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

export type ServiceInput = Omit<Service, 'id' | 'created_at' | 'updated_at'>;

export const serviceKeys = {
  all: ['services'] as const,
  list: (page: number) => ['services', 'list', page] as const,
  detail: (id: number) => ['services', 'detail', id] as const,
};
