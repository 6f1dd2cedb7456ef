import type { FormRules } from '@/lib/form-rules';

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

/** The blog form of the table of rules (rules/forms.json): the server's rules, in its order. */
export const blogRules: FormRules = { form: 'blog', audience: 'admin' };
