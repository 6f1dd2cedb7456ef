/**
 * `GET /kinds` for tests: the server's declaration of destinations (the sample the API serves,
 * `kinds-destination.json`), a destination as its API returns it, its declarations of services,
 * service list items, client reviews and general content (`kinds-service.json`,
 * `kinds-service-list.json`, `kinds-client-review.json`, `kinds-general-content.json`, which
 * `mockApi` answers by default) with an item of each, a kind
 * with screens of its own as the server declares it too, and a made-up kind with the field types
 * destinations lack.
 */
import type { DeclaredKind } from '@/lib/kinds';
import clientReview from './kinds-client-review.json';
import destination from './kinds-destination.json';
import generalContent from './kinds-general-content.json';
import serviceList from './kinds-service-list.json';
import service from './kinds-service.json';
import { list } from './mock-api';

export const destinationKind = destination as DeclaredKind;

export const serviceKind = service as DeclaredKind;

/** Listed only by its service (`routes.byParent`). */
export const serviceListKind = serviceList as DeclaredKind;

export const reviewKind = clientReview as DeclaredKind;

export const generalContentKind = generalContent as DeclaredKind;

/** Blogs as `GET /kinds` lists them beside the others: the admin has its own screens for them. */
export const blogKind: DeclaredKind = {
  kind: 'blog',
  path: '/blog',
  form: 'blog',
  label: { en: 'Blogs', ar: 'المدونات' },
  one: { en: 'Blog', ar: 'مدونة' },
  routes: { list: '/blog', read: '/blog/{id}', update: '/blog/{id}', delete: '/blog/{id}', oneInArray: false },
  fields: [{ name: 'name', type: 'text', required: true, max: 300, twin: 'name_ar', label: { en: 'Title', ar: 'العنوان' } }],
  listColumns: ['name'],
  lifecycle: true,
  site: null,
};

/**
 * An eighth kind, with the four types destinations lack, whose form this admin's table of rules
 * does not have (the server checks it).
 */
export const guideKind: DeclaredKind = {
  kind: 'guide',
  path: '/guides',
  form: 'guide',
  label: { en: 'Guides', ar: 'الأدلة' },
  one: { en: 'Guide', ar: 'دليل' },
  routes: { list: '/guides', read: '/guides/{id}', update: '/guides/{id}', delete: '/guides/{id}', oneInArray: true },
  fields: [
    { name: 'title', type: 'text', required: true, max: 100, twin: 'title_ar', label: { en: 'Title', ar: 'العنوان' } },
    { name: 'title_ar', type: 'text', required: false, max: 100, twin: null, label: { en: 'Arabic title', ar: 'العنوان بالعربية' } },
    { name: 'destination_id', type: 'reference', references: 'destination', required: true, max: null, twin: null, label: { en: 'Destination', ar: 'الوجهة' } },
    { name: 'hours', type: 'keyValues', required: false, max: 2000, twin: null, label: { en: 'Opening hours', ar: 'ساعات العمل' } },
    { name: 'opens_on', type: 'date', required: false, max: null, twin: null, label: { en: 'Opens on', ar: 'يفتح في' } },
    { name: 'accent', type: 'colour', required: false, max: null, twin: null, label: { en: 'Accent colour', ar: 'لون التمييز' } },
  ],
  listColumns: ['title', 'destination_id', 'opens_on', 'accent'],
  lifecycle: true,
  site: null,
};

export const kindsAnswer = (...kinds: DeclaredKind[]): [number, unknown] => [200, list(kinds)];

/** What the lifecycle adds to a published item as its API returns it, at `version`. */
const published = (version: number) => ({
  status: 'published' as const,
  publish_at: null,
  unpublish_at: null,
  published_at: '2026-11-20T10:00:00Z',
  hasPendingChanges: false,
  version,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
});

/** A published destination with its Arabic name only. */
export function destinationRecord<T extends object = object>(overrides?: T) {
  return {
    id: 7,
    name: 'Riyadh',
    name_ar: 'الرياض',
    country: 'SA',
    summary: 'The capital, old and new.',
    summary_ar: null,
    description: '<p>Souqs and skyscrapers.</p>',
    description_ar: null,
    image_url: '/media/riyadh.jpg',
    display_order: 2,
    meta_title: '',
    meta_title_ar: null,
    meta_description: '',
    meta_description_ar: null,
    slug: 'riyadh',
    ...published(4),
    ...(overrides as T),
  };
}

/** A published client review, as its API returns it. */
export function reviewRecord<T extends object = object>(overrides?: T) {
  return {
    id: 5,
    title: 'Host of a private wedding',
    title_ar: 'مضيف حفل زفاف خاص',
    name: 'L. Al-Ansari, Manama',
    name_ar: null,
    description: 'Four hundred guests, one narrow street.',
    description_ar: null,
    display_order: 5,
    image_url: '/media/al-ansari.png',
    ...published(2),
    ...(overrides as T),
  };
}

/** A published general content entry, as its API returns it. */
export function generalContentRecord<T extends object = object>(overrides?: T) {
  return {
    id: 4,
    name: 'site.phone',
    values: '+971 4 555 0142',
    values_ar: '+٩٧١ ٤ ٥٥٥ ٠١٤٢',
    display_order: 1,
    ...published(3),
    ...(overrides as T),
  };
}

/** A published service, on the site with a "Coming soon" overlay, as its API returns it. */
export function serviceRecord<T extends object = object>(overrides?: T) {
  return {
    id: 3,
    name: 'Meet & Assist',
    name_ar: 'الاستقبال والمساعدة',
    description: 'Met at the aircraft door.',
    description_ar: null,
    content: 'Fast-track through immigration,\nthen your bags to the car.',
    content_ar: null,
    display_order: 3,
    image_url: '/media/meet-assist.jpg',
    color: '#0B1F3A',
    coming_soon: true,
    ...published(5),
    ...(overrides as T),
  };
}

/** A published item of service 3's list, as its API returns it. */
export function serviceListRecord<T extends object = object>(overrides?: T) {
  return {
    id: 7,
    our_service_id: 3,
    service_name: 'Meet & Assist',
    name: 'Meet and greet',
    name_ar: 'الاستقبال عند الطائرة',
    description: 'At the aircraft door.',
    description_ar: null,
    image_url: '/media/meet-and-greet.jpg',
    titleBgClass: 'bg-navy',
    display_order: 2,
    ...published(3),
    ...(overrides as T),
  };
}
