import type { TFunction } from 'i18next';
import { rules, type Rule } from '@/lib/form-rules';

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

/**
 * Banner name, title, image (new or stored), in this order. The specification marks these
 * fields required but shows no checks; an empty banner must not be saved (issue 19).
 */
export function bannerRules(t: TFunction): Rule<BannerValues>[] {
  return [
    rules.required('banner_name', t('banners.rules.bannerName')),
    rules.required('title', t('banners.rules.title')),
    rules.media('banner_url', 'banner_file', t('banners.rules.image')),
  ];
}
