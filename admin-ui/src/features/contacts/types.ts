export type Contact = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  created_date: string;
};

export type ContactInput = Omit<Contact, 'id' | 'created_date'>;

export const contactKeys = {
  all: ['contacts'] as const,
  list: (page: number) => ['contacts', 'list', page] as const,
  detail: (id: number) => ['contacts', 'detail', id] as const,
};
