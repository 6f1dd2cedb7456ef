export type GeneralContent = {
  id: number;
  name: string;
  values: string;
  values_ar: string | null;
  display_order: number;
  created_at: string;
  updated_at: string;
};

export type GeneralContentInput = Omit<GeneralContent, 'id' | 'created_at' | 'updated_at'>;

export const generalContentKeys = {
  all: ['general-content'] as const,
  list: (page: number) => ['general-content', 'list', page] as const,
  detail: (id: number) => ['general-content', 'detail', id] as const,
};
