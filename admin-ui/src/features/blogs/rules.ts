import { rules, type Rule } from '@/lib/form-rules';
import type { TFunction } from 'i18next';

export type BlogValues = {
  name: string;
  description: string;
  image_url: string;
  image_file: File | null;
  display_order: string;
  meta_title: string;
  meta_description: string;
  key_words: string;
  name_ar: string;
  description_ar: string;
  meta_title_ar: string;
  meta_description_ar: string;
  key_words_ar: string;
};

export const BLOG_ARABIC_FIELDS = ['name_ar', 'description_ar', 'meta_title_ar', 'meta_description_ar', 'key_words_ar'] as const;

/** Title, display order, image (unless one is stored); description and meta fields are optional. */
export function blogRules(t: TFunction): Rule<BlogValues>[] {
  return [
    rules.required('name', t('blogs.rules.name')),
    rules.required('display_order', t('blogs.rules.displayOrder')),
    rules.wholeNumber('display_order', t('rules.wholeNumber')),
    rules.media('image_url', 'image_file', t('blogs.rules.image')),
  ];
}
