import type { FormRules } from '@/lib/form-rules';

export type GeneralContentValues = {
  name: string;
  values: string;
  display_order: string;
  values_ar: string;
};

export const GENERAL_CONTENT_ARABIC_FIELDS = ['values_ar'] as const;

/** The generalContent form of the table of rules (rules/forms.json): the server's rules, in its order. */
export const generalContentRules: FormRules = { form: 'generalContent', audience: 'admin' };
