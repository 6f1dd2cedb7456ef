import type { FormRules } from '@/lib/form-rules';

export type ContactValues = {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  subject: string;
  message: string;
};

/** The contact form of the table of rules (rules/forms.json): the server's rules, in its order. */
export const contactRules: FormRules = { form: 'contact', audience: 'admin' };
