import type { TFunction } from 'i18next';
import { rules, type Rule } from '@/lib/form-rules';

export type ContactValues = {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  subject: string;
  message: string;
};

/** First name, last name, phone, email, subject, message: all required, in this order. */
export function contactRules(t: TFunction): Rule<ContactValues>[] {
  return [
    rules.required('first_name', t('contacts.rules.firstName')),
    rules.required('last_name', t('contacts.rules.lastName')),
    rules.required('phone', t('contacts.rules.phone')),
    rules.required('email', t('contacts.rules.email')),
    rules.required('subject', t('contacts.rules.subject')),
    rules.required('message', t('contacts.rules.message')),
  ];
}
