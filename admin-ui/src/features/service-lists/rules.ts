import type { TFunction } from 'i18next';
import { rules, type Rule } from '@/lib/form-rules';

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

/** Service, name, display order, image (new or stored), in this order; also shown as toasts. */
export function serviceListRules(t: TFunction): Rule<ServiceListValues>[] {
  return [
    rules.required('our_service_id', t('serviceLists.rules.service')),
    rules.required('name', t('serviceLists.rules.name')),
    rules.required('display_order', t('serviceLists.rules.displayOrder')),
    rules.wholeNumber('display_order', t('rules.wholeNumber')),
    rules.media('image_url', 'image_file', t('serviceLists.rules.image')),
  ];
}
