import type { FormRules } from '@/lib/form-rules';

export type ServiceValues = {
  name: string;
  description: string;
  content: string;
  display_order: string;
  image_url: string;
  image_file: File | null;
  color: string;
  coming_soon: boolean;
  name_ar: string;
  description_ar: string;
  content_ar: string;
};

export const SERVICE_ARABIC_FIELDS = ['name_ar', 'description_ar', 'content_ar'] as const;

/** The service form of the table of rules (rules/forms.json): the server's rules, in its order. */
export const serviceRules: FormRules = { form: 'service', audience: 'admin' };
