import type { FormRules } from '@/lib/form-rules';

export type ServiceListValues = {
  our_service_id: string;
  name: string;
  display_order: string;
  image_url: string;
  image_file: File | null;
  description: string;
  name_ar: string;
  description_ar: string;
};

export const SERVICE_LIST_ARABIC_FIELDS = ['name_ar', 'description_ar'] as const;

/** The serviceList form of the table of rules (rules/forms.json): the server's rules, in its order. */
export const serviceListRules: FormRules = { form: 'serviceList', audience: 'admin' };
