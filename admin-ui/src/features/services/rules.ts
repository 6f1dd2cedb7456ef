import type { TFunction } from 'i18next';
import { rules, type Rule } from '@/lib/form-rules';

export type ServiceValues = {
  name: string;
  description: string;
  content: string;
  display_order: string;
  image_url: string;
  image_file: File | null;
  color: string;
  name_ar: string;
  description_ar: string;
  content_ar: string;
};

export const SERVICE_ARABIC_FIELDS = ['name_ar', 'description_ar', 'content_ar'] as const;

/** Title, description, content, display order, image, colour code: all required, in this order. */
export function serviceRules(t: TFunction): Rule<ServiceValues>[] {
  return [
    rules.required('name', t('services.rules.name')),
    rules.required('description', t('services.rules.description')),
    rules.required('content', t('services.rules.content')),
    rules.required('display_order', t('services.rules.displayOrder')),
    rules.wholeNumber('display_order', t('rules.wholeNumber')),
    rules.media('image_url', 'image_file', t('services.rules.image')),
    rules.required('color', t('services.rules.color')),
  ];
}
