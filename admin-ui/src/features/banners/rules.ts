import type { FormRules } from '@/lib/form-rules';

export type BannerValues = {
  banner_name: string;
  banner_url: string;
  banner_file: File | null;
  image_id: string;
  title: string;
  sub_title: string;
  web_url: string;
  title_ar: string;
  sub_title_ar: string;
};

export const BANNER_ARABIC_FIELDS = ['title_ar', 'sub_title_ar'] as const;

/** The banner form of the table of rules (rules/forms.json): the server's rules, in its order. */
export const bannerRules: FormRules = { form: 'banner', audience: 'admin' };
