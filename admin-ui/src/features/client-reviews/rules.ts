import type { FormRules } from '@/lib/form-rules';

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

/** The clientReview form of the table of rules (rules/forms.json): the server's rules, in its order. */
export const clientReviewRules: FormRules = { form: 'clientReview', audience: 'admin' };
