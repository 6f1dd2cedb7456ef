import type { TFunction } from 'i18next';
import { rules, type Rule } from '@/lib/form-rules';

export type GeneralContentValues = {
  name: string;
  values: string;
  display_order: string;
  values_ar: string;
};

export const GENERAL_CONTENT_ARABIC_FIELDS = ['values_ar'] as const;

/** Name, value (inline "Please enter the value", toast "Please select the value"), display order. */
export function generalContentRules(t: TFunction): Rule<GeneralContentValues>[] {
  return [
    rules.required('name', t('generalContent.rules.name')),
    rules.required('values', t('generalContent.rules.value'), t('generalContent.rules.valueToast')),
    rules.required('display_order', t('generalContent.rules.displayOrder')),
    rules.wholeNumber('display_order', t('rules.wholeNumber')),
  ];
}
