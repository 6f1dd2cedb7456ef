/**
 * A content field named as its form labels it ("Meta description", not `meta_description`), in
 * the admin's language: one table per kind pointing at the form's own label keys, so a label is
 * written once; a kind with no screens of its own is labelled as its form labels it: as the
 * server declares it (`GET /kinds`), or in its own words (`declaredLabel`). History, the audit
 * log, the missing-Arabic note, the merge dialog and the preview's refusals read it; a field a save
 * derives is named by what it is, any other keeps its name.
 */
import { useTranslation } from 'react-i18next';
import { declaredLabel, findKind, useKinds } from '@/lib/kinds';
import type { TKey } from '@/locales/types';
import { isOwnKind, type ContentKind, type KindName } from './api';

/** What every kind's lifecycle adds, labelled as the lifecycle panel labels it. */
const LIFECYCLE_LABELS = {
  status: 'lifecycle.status',
  publish_at: 'lifecycle.publishAt',
  unpublish_at: 'lifecycle.unpublishAt',
  schedule_zone: 'lifecycle.timeZone',
} as const satisfies Record<string, TKey>;

/**
 * Fields no form shows, which a save makes from those it does (a blog's web address from its
 * name, its excerpts from its text; a list item's service name from its service): History and
 * the audit log name them by what they are, the merge dialog leaves them out.
 */
const DERIVED_LABELS = {
  slug: 'lifecycle.derived.slug',
  excerpt: 'lifecycle.derived.excerpt',
  excerpt_ar: 'lifecycle.derived.excerptAr',
  service_name: 'lifecycle.derived.serviceName',
} as const satisfies Record<string, TKey>;

export const FIELD_LABELS = {
  blog: {
    name: 'blogs.fields.name',
    display_order: 'blogs.fields.displayOrder',
    image_url: 'blogs.fields.image',
    description: 'blogs.fields.description',
    meta_title: 'blogs.fields.metaTitle',
    meta_description: 'blogs.fields.metaDescription',
    key_words: 'blogs.fields.keyWords',
    name_ar: 'blogs.fields.nameAr',
    description_ar: 'blogs.fields.descriptionAr',
    meta_title_ar: 'blogs.fields.metaTitleAr',
    meta_description_ar: 'blogs.fields.metaDescriptionAr',
    key_words_ar: 'blogs.fields.keyWordsAr',
  },
  banner: {
    banner_name: 'banners.fields.bannerName',
    image_id: 'banners.fields.imageId',
    banner_url: 'banners.fields.image',
    title: 'banners.fields.title',
    sub_title: 'banners.fields.subTitle',
    web_url: 'banners.fields.webUrl',
    title_ar: 'banners.fields.titleAr',
    sub_title_ar: 'banners.fields.subTitleAr',
  },
} as const satisfies Record<ContentKind, Record<string, TKey>>;

type Translate = (key: TKey) => string;

function keyOf(kind: KindName, field: string): TKey | undefined {
  const own: Readonly<Record<string, TKey>> = isOwnKind(kind) ? FIELD_LABELS[kind] : {};
  const labels: Readonly<Record<string, TKey>> = { ...own, ...LIFECYCLE_LABELS };
  return labels[field];
}

/** A form of `kind` (or its lifecycle panel) labels `field`: not so its derived ones (`slug`, `excerpt`). */
export const isLabelled = (kind: KindName, field: string) => keyOf(kind, field) !== undefined;

/**
 * The label of `field` of `kind` (or what a derived field is), else the field's own name.
 * `declared` gives the label a kind without a table here declares for it.
 */
export function fieldLabel(kind: KindName, field: string, t: Translate, declared?: (field: string) => string | undefined): string {
  const key = keyOf(kind, field);
  if (key) return t(key);
  const label = declared?.(field);
  if (label) return label;
  const derived: Readonly<Record<string, TKey>> = DERIVED_LABELS;
  return derived[field] ? t(derived[field]) : field;
}

/** Labels in a list, as the language writes one ("Title, Meta title" or "العنوان، العنوان الوصفي"). */
export function joinLabels(labels: string[], language: string): string {
  return labels.join(language === 'ar' ? '، ' : ', ');
}

/** `fieldLabel` of any kind in the admin's language, for a component. */
export function useKindFieldLabels(): (kind: KindName, field: string) => string {
  const { t, i18n } = useTranslation();
  const { data } = useKinds();
  return (kind, field) => fieldLabel(kind, field, t, (name) => declaredLabel(findKind(data, kind), name, i18n.language));
}

/** `fieldLabel` of one kind's fields in the admin's language, for a component. */
export function useFieldLabels(kind: KindName | undefined): (field: string) => string {
  const label = useKindFieldLabels();
  return (field) => (kind ? label(kind, field) : field);
}
