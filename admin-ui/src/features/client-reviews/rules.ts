import type { TFunction } from 'i18next';
import { rules, type Rule } from '@/lib/form-rules';

export type ClientReviewValues = {
  title: string;
  name: string;
  description: string;
  display_order: string;
  image_url: string;
  image_file: File | null;
  title_ar: string;
  name_ar: string;
  description_ar: string;
};

export const REVIEW_ARABIC_FIELDS = ['title_ar', 'name_ar', 'description_ar'] as const;

/** Title, name, description, display order, image: all required, in this order. */
export function clientReviewRules(t: TFunction): Rule<ClientReviewValues>[] {
  return [
    rules.required('title', t('reviews.rules.title')),
    rules.required('name', t('reviews.rules.name')),
    rules.required('description', t('reviews.rules.description')),
    rules.required('display_order', t('reviews.rules.displayOrder')),
    rules.wholeNumber('display_order', t('rules.wholeNumber')),
    rules.media('image_url', 'image_file', t('reviews.rules.image')),
  ];
}
