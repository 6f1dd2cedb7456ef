/**
 * A kind the generic screens serve at its legacy paths (`LEGACY_PATHS`) keeps them and the words
 * of its former screens, in English and Arabic: client reviews' list at `/clientreviewdashboard`,
 * their forms at `/addclientreview` and `/addclientreview/{id}`, each link among them, their
 * details, their labels and their toasts; general content's at `/generalContentDashboard` and
 * `/addgeneralContentDashboard`, with its former list and form besides; services' at
 * `/servicesDashboard` and `/addservices`, with their former list (the colour, not the
 * availability) and their "Coming soon" box; service lists' at `/serviceslist` and
 * `/addserviceslist`, listed by their service (`routes.byParent`: the "Select Service" choice above
 * the table, the first preselected, kept in the address) with their former list, details and form.
 * `/content/{kind}` is Not found for each.
 *
 * What every one of these kinds does is tested once, for each row of `KINDS`: a row holds a kind's
 * paths, its words, and what its screens show that the others' do not. What one kind alone does
 * (a form's layout, a list without a service) is a test of its own after them.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { fieldLabel } from '@/components/lifecycle/field-labels';
import { declaredLabel, type DeclaredKind } from '@/lib/kinds';
import { i18n } from '@/lib/i18n';
import type { TKey } from '@/locales/types';
import {
  generalContentKind,
  generalContentRecord,
  reviewKind,
  reviewRecord,
  serviceKind,
  serviceListKind,
  serviceListRecord,
  serviceRecord,
} from '@/testing/kinds';
import { infoBody, mediaInfo } from '@/testing/media-info';
import { list, mockApi, type Recorded } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const toastTitle = (text: string) => screen.findByText(text, { selector: '[data-title]' });
const writes = (requests: Recorded[]) => requests.filter((r) => r.method !== 'GET' && !r.path.startsWith('/presence/'));

const LANGUAGES = ['en', 'ar'] as const;
type Language = (typeof LANGUAGES)[number];
const t = (key: TKey) => i18n.t(key);

type Routes = Parameters<typeof mockApi>[0];
type App = ReturnType<typeof renderApp>;

/** The image a form sends, and the address the upload answers with. */
const uploads = (url: string): Routes => ({ 'POST /blob-upload': () => [200, { status: 200, responseData: url }] });
const upload = (user: App['user'], name: string, type: string) =>
  user.upload(document.querySelector<HTMLInputElement>('input[type="file"][name="image_file"]')!, new File(['x'], name, { type }));

const review = reviewRecord();

/** The words of the client reviews' screens, as the specification's screens said them. */
const REVIEW_WORDS = {
  en: {
    title: 'Client Review',
    add: 'Add client review',
    addTitle: 'Add client review',
    editTitle: 'Edit client review',
    back: 'Back to Client Review',
    details: 'Client Review Details',
    columns: ['Image', 'Title', 'Status', 'Name', 'Display order', 'Action'],
    fields: { title: 'Title', name: 'Name', description: 'Description', displayOrder: 'Display order', image: 'Image' },
    arabicFields: { title: 'Title in Arabic', name: 'Name in Arabic', description: 'Description in Arabic' },
    added: 'Client review added successfully',
    addFailed: 'Failed to add client',
    updated: 'Client updated successfully',
    updateFailed: 'Error updating client review',
    deleted: 'Client review deleted successfully',
  },
  ar: {
    title: 'آراء العملاء',
    add: 'إضافة رأي عميل',
    addTitle: 'إضافة رأي عميل',
    editTitle: 'تعديل رأي العميل',
    back: 'العودة إلى آراء العملاء',
    details: 'تفاصيل رأي العميل',
    columns: ['الصورة', 'العنوان', 'الحالة', 'الاسم', 'ترتيب العرض', 'إجراء'],
    fields: { title: 'العنوان', name: 'الاسم', description: 'الوصف', displayOrder: 'ترتيب العرض', image: 'الصورة' },
    arabicFields: { title: 'العنوان بالعربية', name: 'الاسم بالعربية', description: 'الوصف بالعربية' },
    added: 'تمت إضافة رأي العميل بنجاح',
    addFailed: 'تعذّرت إضافة رأي العميل',
    updated: 'تم تحديث رأي العميل بنجاح',
    updateFailed: 'حدث خطأ أثناء تحديث رأي العميل',
    deleted: 'تم حذف رأي العميل بنجاح',
  },
} as const;

function reviewApi(routes: Routes = {}) {
  return mockApi({
    'GET /client-reviewes': () => [200, list([review])],
    'GET /client-reviewes/5': () => [200, { responseBody: [review] }],
    // Its list in display order, for a new review's next free one.
    'GET /client-reviewes/display-order': () => [200, list([review])],
    // A square portrait.
    'GET /media/al-ansari.png': () => [200, infoBody(mediaInfo('original', { url: '/media/al-ansari.png', width: 400, height: 400 }))],
    ...routes,
  });
}

const entry = generalContentRecord();

/** The words of the general content's screens, as they were. */
const GENERAL_WORDS = {
  en: {
    title: 'General Content Dashboard',
    add: 'Add content',
    addTitle: 'Add content',
    editTitle: 'Edit content',
    back: 'Back to the General Content Dashboard',
    details: 'General Content Details',
    columns: ['Title', 'Values', 'Status', 'Action'],
    fields: { name: 'Name', value: 'Value', displayOrder: 'Display order', valueAr: 'Value in Arabic' },
    created: 'Created',
    firstFailure: 'Please enter the name',
    added: 'content added successfully',
    addFailed: 'Error adding content',
    updated: 'content updated successfully',
    updateFailed: 'Error updating content',
    deleted: 'General Content deleted successfully',
  },
  ar: {
    title: 'لوحة المحتوى العام',
    add: 'إضافة محتوى',
    addTitle: 'إضافة محتوى',
    editTitle: 'تعديل المحتوى',
    back: 'العودة إلى لوحة المحتوى العام',
    details: 'تفاصيل المحتوى العام',
    columns: ['العنوان', 'القيم', 'الحالة', 'إجراء'],
    fields: { name: 'الاسم', value: 'القيمة', displayOrder: 'ترتيب العرض', valueAr: 'القيمة بالعربية' },
    created: 'تاريخ الإنشاء',
    firstFailure: 'يرجى إدخال الاسم',
    added: 'تمت إضافة المحتوى بنجاح',
    addFailed: 'حدث خطأ أثناء إضافة المحتوى',
    updated: 'تم تحديث المحتوى بنجاح',
    updateFailed: 'حدث خطأ أثناء تحديث المحتوى',
    deleted: 'تم حذف المحتوى العام بنجاح',
  },
} as const;

function generalApi(routes: Routes = {}) {
  return mockApi({
    'GET /general-content-section': () => [200, list([entry])],
    'GET /general-content-section/4': () => [200, { responseBody: [entry] }],
    ...routes,
  });
}

const service = serviceRecord();

/** The words of the services' screens, as the specification's screens said them. */
const SERVICE_WORDS = {
  en: {
    title: 'Services',
    add: 'Add service',
    addTitle: 'Add service',
    editTitle: 'Edit service',
    back: 'Back to Services',
    details: 'Service Details',
    columns: ['Image', 'Title', 'Status', 'Colour', 'Display order', 'Action'],
    fields: { name: 'Title', description: 'Description', content: 'Content', displayOrder: 'Display order', image: 'Image', color: 'Colour code' },
    arabicFields: { name: 'Title in Arabic', description: 'Description in Arabic', content: 'Content in Arabic' },
    comingSoon: 'Coming soon',
    comingSoonHint: 'The site shows this service with a “Coming soon” overlay until you clear the box.',
    colourPicker: 'Pick a colour',
    created: 'Created',
    firstFailure: 'Please enter the title',
    added: 'Service added successfully',
    addFailed: 'Failed to add service',
    updated: 'Service updated successfully',
    updateFailed: 'Error updating service',
    deleted: 'Service deleted successfully',
    deleteFailed: 'An error occurred',
  },
  ar: {
    title: 'الخدمات',
    add: 'إضافة خدمة',
    addTitle: 'إضافة خدمة',
    editTitle: 'تعديل الخدمة',
    back: 'العودة إلى الخدمات',
    details: 'تفاصيل الخدمة',
    columns: ['الصورة', 'العنوان', 'الحالة', 'اللون', 'ترتيب العرض', 'إجراء'],
    fields: { name: 'العنوان', description: 'الوصف', content: 'المحتوى', displayOrder: 'ترتيب العرض', image: 'الصورة', color: 'رمز اللون' },
    arabicFields: { name: 'العنوان بالعربية', description: 'الوصف بالعربية', content: 'المحتوى بالعربية' },
    comingSoon: 'قريبًا',
    comingSoonHint: 'يعرض الموقع هذه الخدمة مع شارة «قريبًا» إلى أن تزيل العلامة من المربع.',
    colourPicker: 'اختر لونًا',
    created: 'تاريخ الإنشاء',
    firstFailure: 'يرجى إدخال العنوان',
    added: 'تمت إضافة الخدمة بنجاح',
    addFailed: 'تعذّرت إضافة الخدمة',
    updated: 'تم تحديث الخدمة بنجاح',
    updateFailed: 'حدث خطأ أثناء تحديث الخدمة',
    deleted: 'تم حذف الخدمة بنجاح',
    deleteFailed: 'حدث خطأ',
  },
} as const;

function serviceApi(routes: Routes = {}) {
  return mockApi({
    // Its list in display order: what the dashboard shows, and where a new service's next free order is.
    'GET /our-services/display/display-order': () => [200, list([service])],
    'GET /our-services/3': () => [200, { responseBody: [service] }],
    ...routes,
  });
}

const listItem = serviceListRecord();
const PARENTS = [
  { id: 3, name: 'Meet & Assist', display_order: 1 },
  { id: 4, name: 'Yacht Charter', display_order: 2 },
];

/** The words of the services list's screens, as the specification's screens said them. */
const SERVICE_LIST_WORDS = {
  en: {
    title: 'Services List Dashboard',
    add: 'Add Services List',
    addTitle: 'Add Services List',
    editTitle: 'Edit Services List',
    back: 'Back to the Services List Dashboard',
    details: 'Service List Details',
    selectService: 'Select Service',
    choose: 'Choose a service',
    noServices: 'Add a service first: service lists belong to a service.',
    columns: ['Title', 'Status', 'Action'],
    fields: { name: 'Name', displayOrder: 'Display Order', image: 'Image', description: 'Description', listName: 'Service List Name' },
    arabicFields: { name: 'Name in Arabic', description: 'Description in Arabic' },
    added: 'Service List added successfully',
    addFailed: 'Failed to add services list',
    updated: 'Services updated successfully',
    updateFailed: 'Error submitting services list',
    deleted: 'Service List deleted successfully',
    deleteFailed: 'Error deleting service',
  },
  ar: {
    title: 'لوحة قوائم الخدمات',
    add: 'إضافة قائمة خدمات',
    addTitle: 'إضافة قائمة خدمات',
    editTitle: 'تعديل قائمة الخدمات',
    back: 'العودة إلى لوحة قوائم الخدمات',
    details: 'تفاصيل قائمة الخدمات',
    selectService: 'اختر الخدمة',
    choose: 'اختر خدمة',
    noServices: 'أضف خدمة أولًا: قوائم الخدمات تتبع خدمة.',
    columns: ['العنوان', 'الحالة', 'إجراء'],
    fields: { name: 'الاسم', displayOrder: 'ترتيب العرض', image: 'الصورة', description: 'الوصف', listName: 'اسم قائمة الخدمات' },
    arabicFields: { name: 'الاسم بالعربية', description: 'الوصف بالعربية' },
    added: 'تمت إضافة قائمة الخدمات بنجاح',
    addFailed: 'تعذّرت إضافة قائمة الخدمات',
    updated: 'تم تحديث قائمة الخدمات بنجاح',
    updateFailed: 'حدث خطأ أثناء حفظ قائمة الخدمات',
    deleted: 'تم حذف قائمة الخدمات بنجاح',
    deleteFailed: 'حدث خطأ أثناء حذف الخدمة',
  },
} as const;

function serviceListApi(routes: Routes = {}) {
  return mockApi({
    // The parent services: the services' list, in display order.
    'GET /our-services/display/display-order': () => [200, list(PARENTS)],
    'GET /list-of-services/display-order/3': () => [200, list([listItem])],
    'GET /list-of-services/display-order/4': () => [200, list([])],
    'GET /list-of-services/7': () => [200, { responseBody: [listItem] }],
    ...routes,
  });
}

const listRequests = (requests: Recorded[], path: string) => requests.filter((r) => r.method === 'GET' && r.path === path);

/** The words every kind's screens have, whatever else each says. */
type Words = {
  title: string; add: string; addTitle: string; editTitle: string; back: string; details: string;
  columns: readonly string[];
  fields: { displayOrder: string };
  added: string; addFailed: string; updated: string; updateFailed: string; deleted: string; deleteFailed?: string;
};

/** What a row's own steps are given: the app as rendered, the requests it made, the kind's words in the test's language. */
type Step<W> = { user: App['user']; router: App['router']; requests: Recorded[]; words: W };

/** A kind at its legacy paths: a row of `KINDS`. Its steps are what its screens do that the others' do not. */
type LegacyKind<W extends Words = Words> = {
  /** Its name in the tests' names, one of its records in them (`a review`), and the kind the server declares. */
  name: string; one: string; kind: string; declared: DeclaredKind;
  /** Its legacy paths: its list, its form for a new one, its form for the record below. */
  list: string; add: string; edit: string;
  /** Where its API keeps it, the record the API lists, and the name the list's actions give that record. */
  endpoint: string; record: { id: number }; item: string;
  words: Record<Language, W>;
  api(routes?: Routes): { requests: Recorded[] };
  /** Its entry in the menu, and the name the kind would be listed by again if it were. */
  nav: TKey; notListed?: string;
  listing: {
    /** What its list shows, in the test's name. */
    what: string;
    /** Where its list's add link leads, when not to `add`. */
    addLink?: string;
    shows(table: HTMLElement, step: Step<W>): void | Promise<void>;
    details(dialog: HTMLElement, step: Step<W>): void | Promise<void>;
    /** What its list does after its details, before the record is edited. */
    then?(step: Step<W>): Promise<void>;
  };
  adding: {
    what: string;
    /** Where its form for a new one is opened, when not at `add`. */
    url?: string;
    routes?: Routes;
    /** The id the server gives the new one, and the display order the form proposes. */
    id: number; displayOrder: number;
    fill(step: Step<W>): Promise<void>;
    sent: object;
    /** What its list shows once back. */
    back?(step: Step<W>): Promise<void>;
  };
  editing: {
    what: string;
    /** What the server answers the first updates with, before the failure every kind toasts. */
    refusals?: [number, unknown][];
    edit(step: Step<W>): Promise<void>;
    /** The record's version (sent as `If-Match`), and the one the server answers with. */
    ifMatch: string; version: number;
    sent?: object;
    back?(step: Step<W>): void;
    /** Whether the test deletes the record from its list after, and whether the first delete fails. */
    deletes?: 'at once' | 'after a failure';
  };
  /** Its fields as History and the audit log name them, in each language: as its form labels them. */
  labels: Record<Language, Record<string, string>>;
};

/** A row typed by its own words: its steps are methods, so it still fits the table. */
const legacyKind = <W extends Words>(row: LegacyKind<W>): LegacyKind => row;
type WordsOf<T extends Record<Language, Words>> = T[Language];

/** The kinds at their legacy paths, a row each. */
const KINDS: LegacyKind[] = [
  legacyKind<WordsOf<typeof REVIEW_WORDS>>({
    name: 'client reviews', one: 'a review', kind: 'client-review', declared: reviewKind,
    list: '/clientreviewdashboard', add: '/addclientreview', edit: '/addclientreview/5',
    endpoint: '/client-reviewes', record: review, item: review.title, words: REVIEW_WORDS, api: reviewApi,
    nav: 'nav.reviews', notListed: 'Client reviews',
    listing: {
      what: 'each review’s title',
      shows(table) {
        expect(within(within(table).getAllByRole('row')[1]).getAllByRole('cell')[1]).toHaveTextContent(review.title);
      },
      async details(dialog, { words }) {
        const label = (text: string) => within(dialog).getByText(text, { selector: 'dt' });
        expect(label(words.fields.name).nextElementSibling).toHaveTextContent(review.name);
        expect(label(words.arabicFields.title).nextElementSibling).toHaveTextContent(review.title_ar);
        // The square picture as a portrait, the other lists' pictures across the dialog.
        await waitFor(() => expect(within(dialog).getByRole('img', { name: review.title })).toHaveClass('details-view__media--portrait'));
      },
    },
    adding: {
      what: 'its fields’ labels, its next display order',
      routes: uploads('/media/layla.png'),
      id: 6, displayOrder: 6,
      async fill({ user, words }) {
        expect(screen.getByText(words.fields.image, { selector: 'label' })).toBeInTheDocument();
        await user.type(screen.getByLabelText(words.fields.title), 'Flawless arrival');
        await user.type(screen.getByLabelText(words.fields.name), 'Layla');
        await user.type(screen.getByLabelText(words.fields.description), 'Met at the door.');
        await upload(user, 'layla.png', 'image/png');
        await user.click(screen.getByRole('tab', { name: i18n.t('common.arabic') }));
        expect(screen.getByLabelText(words.arabicFields.name)).toHaveAttribute('dir', 'rtl');
        expect(screen.getByLabelText(words.arabicFields.title)).toBeVisible();
        expect(screen.getByLabelText(words.arabicFields.description).tagName).toBe('TEXTAREA');
      },
      sent: { title: 'Flawless arrival', title_ar: null, name: 'Layla', description: 'Met at the door.', display_order: 6, image_url: '/media/layla.png' },
    },
    editing: {
      what: 'its name',
      async edit({ user, words }) {
        const name = await screen.findByLabelText(words.fields.name);
        expect(name).toHaveValue(review.name);
        await user.clear(name);
        await user.type(name, 'Noura Al-Harbi');
      },
      ifMatch: '"2"', version: 3,
      deletes: 'at once',
    },
    labels: {
      en: { title: REVIEW_WORDS.en.fields.title, name_ar: REVIEW_WORDS.en.arabicFields.name },
      ar: { name_ar: REVIEW_WORDS.ar.arabicFields.name },
    },
  }),

  legacyKind<WordsOf<typeof GENERAL_WORDS>>({
    name: 'general content', one: 'an entry', kind: 'general-content', declared: generalContentKind,
    list: '/generalContentDashboard', add: '/addgeneralContentDashboard', edit: '/addgeneralContentDashboard/4',
    endpoint: '/general-content-section', record: entry, item: entry.name, words: GENERAL_WORDS, api: generalApi,
    nav: 'nav.generalContent', notListed: 'General content',
    listing: {
      what: 'each entry’s key and value, then its status',
      shows(table) {
        const [key, value] = within(within(table).getAllByRole('row')[1]).getAllByRole('cell');
        // The key as code; the value on two lines at most.
        expect(key.querySelector('code.cell-key')).toHaveTextContent(entry.name);
        expect(value.querySelector('.cell-clamp')).toHaveTextContent(entry.values);
      },
      details(dialog, { words }) {
        expect([...dialog.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual([
          words.fields.name,
          words.fields.value,
          words.fields.valueAr,
          words.fields.displayOrder,
          words.created,
          t('common.updatedAt'),
        ]);
        const label = (text: string) => within(dialog).getByText(text, { selector: 'dt' }).nextElementSibling as HTMLElement;
        expect(label(words.fields.name).querySelector('code')).toHaveTextContent(entry.name);
        expect(label(words.fields.valueAr)).toHaveTextContent(entry.values_ar);
        expect(label(words.fields.valueAr)).toHaveAttribute('dir', 'rtl');
      },
    },
    adding: {
      what: 'its first failure toasted too, its next display order',
      id: 5, displayOrder: 2,
      async fill({ user, words }) {
        await user.click(screen.getByRole('button', { name: i18n.t('common.submit') }));
        expect(await toastTitle(words.firstFailure)).toBeInTheDocument();

        await user.type(screen.getByLabelText(words.fields.name), 'site.hours');
        await user.type(screen.getByLabelText(words.fields.value), 'Open 24/7');
      },
      sent: { name: 'site.hours', values: 'Open 24/7', values_ar: null, display_order: 2 },
    },
    editing: {
      what: 'the server’s field errors on their fields first',
      refusals: [[400, { message: 'Value must be at most 5000 characters.', errors: { values: 'Value must be at most 5000 characters.' } }]],
      async edit({ user, words }) {
        const value = await screen.findByLabelText(words.fields.value);
        expect(value).toHaveValue(entry.values);
        await user.click(screen.getByRole('button', { name: i18n.t('common.submit') }));
        expect(await screen.findByText('Value must be at most 5000 characters.', { selector: '.field__error' })).toBeInTheDocument();
        expect(value).toHaveAttribute('aria-invalid', 'true');
      },
      ifMatch: '"3"', version: 4,
      deletes: 'at once',
    },
    labels: {
      en: { values: GENERAL_WORDS.en.fields.value, values_ar: GENERAL_WORDS.en.fields.valueAr },
      ar: { values: GENERAL_WORDS.ar.fields.value, values_ar: GENERAL_WORDS.ar.fields.valueAr },
    },
  }),

  legacyKind<WordsOf<typeof SERVICE_WORDS>>({
    name: 'services', one: 'a service', kind: 'service', declared: serviceKind,
    list: '/servicesDashboard', add: '/addservices', edit: '/addservices/3',
    endpoint: '/our-services', record: service, item: service.name, words: SERVICE_WORDS, api: serviceApi,
    nav: 'nav.services',
    listing: {
      what: 'each service’s picture, title, status, colour and display order',
      shows(table, { requests }) {
        const [image, title, , colour, order] = within(within(table).getAllByRole('row')[1]).getAllByRole('cell');
        expect(within(image).getByRole('img', { name: service.name })).toBeInTheDocument();
        expect(title.querySelector('.cell-title')).toHaveTextContent(service.name);
        // The colour as a swatch beside its code.
        expect(colour.querySelector('.swatch__chip')).toHaveStyle({ background: service.color });
        expect(colour.querySelector('.swatch code')).toHaveTextContent(service.color);
        expect(order).toHaveTextContent(String(service.display_order));
        expect(requests.some((r) => r.method === 'GET' && r.path === '/our-services/display/display-order')).toBe(true);
      },
      details(dialog, { words }) {
        expect([...dialog.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual([
          words.fields.name,
          words.arabicFields.name,
          words.fields.description,
          words.arabicFields.description,
          words.fields.content,
          words.arabicFields.content,
          words.fields.displayOrder,
          words.fields.color,
          words.comingSoon,
          words.created,
          t('common.updatedAt'),
        ]);
        const value = (text: string) => within(dialog).getByText(text, { selector: 'dt' }).nextElementSibling as HTMLElement;
        expect(value(words.arabicFields.name)).toHaveTextContent(service.name_ar);
        expect(value(words.arabicFields.name)).toHaveAttribute('dir', 'rtl');
        expect(value(words.fields.content).querySelector('.pre-line')).toHaveTextContent('Fast-track through immigration');
        expect(value(words.fields.color).querySelector('.swatch code')).toHaveTextContent(service.color);
        expect(value(words.comingSoon)).toHaveTextContent(words.comingSoon);
        expect(within(dialog).getByRole('img', { name: service.name })).toHaveClass('details-view__media');
      },
    },
    adding: {
      what: 'its next display order, "Coming soon" sent as true',
      routes: uploads('/media/yachts.jpg'),
      id: 4, displayOrder: 4,
      async fill({ user, words }) {
        await user.type(screen.getByLabelText(words.fields.name), 'Yacht Charter');
        await user.type(screen.getByLabelText(words.fields.description), 'A day on the Gulf.');
        await user.type(screen.getByLabelText(words.fields.content), 'Crew, lunch and a swim stop.');
        await upload(user, 'yachts.jpg', 'image/jpeg');
        await user.type(screen.getByLabelText(words.fields.color), '#C9A227');
        await user.click(screen.getByRole('checkbox', { name: words.comingSoon }));
        await user.click(screen.getByRole('tab', { name: i18n.t('common.arabic') }));
        await user.type(screen.getByLabelText(words.arabicFields.name), 'تأجير اليخوت');
      },
      sent: {
        name: 'Yacht Charter',
        name_ar: 'تأجير اليخوت',
        description: 'A day on the Gulf.',
        description_ar: null,
        content: 'Crew, lunch and a swim stop.',
        content_ar: null,
        display_order: 4,
        image_url: '/media/yachts.jpg',
        color: '#C9A227',
        coming_soon: true,
      },
    },
    editing: {
      what: 'the box cleared: "Coming soon" sent as false',
      async edit({ user, words }) {
        const content = await screen.findByLabelText(words.fields.content);
        expect(content).toHaveValue(service.content);
        expect(screen.getByLabelText(words.fields.color)).toHaveValue(service.color);
        const comingSoon = screen.getByRole('checkbox', { name: words.comingSoon });
        expect(comingSoon).toBeChecked();
        await user.click(comingSoon);
      },
      ifMatch: '"5"', version: 6,
      sent: { name: service.name, name_ar: service.name_ar, color: service.color, display_order: service.display_order, coming_soon: false },
      deletes: 'after a failure',
    },
    labels: {
      en: {
        coming_soon: SERVICE_WORDS.en.comingSoon,
        name: SERVICE_WORDS.en.fields.name,
        content_ar: SERVICE_WORDS.en.arabicFields.content,
        status: 'Status',
      },
      ar: { coming_soon: SERVICE_WORDS.ar.comingSoon, content_ar: SERVICE_WORDS.ar.arabicFields.content },
    },
  }),

  legacyKind<WordsOf<typeof SERVICE_LIST_WORDS>>({
    name: 'service lists', one: 'an item', kind: 'service-list', declared: serviceListKind,
    list: '/serviceslist', add: '/addserviceslist', edit: '/addserviceslist/7',
    endpoint: '/list-of-services', record: listItem, item: listItem.name, words: SERVICE_LIST_WORDS, api: serviceListApi,
    nav: 'nav.serviceLists',
    listing: {
      what: 'the items of the service chosen above the table (the first preselected): title and status',
      addLink: '/addserviceslist?service=3',
      async shows(table, { requests, words }) {
        const picker = await screen.findByRole('combobox', { name: words.selectService });
        await waitFor(() => expect(picker).toHaveValue('3'));
        expect([...picker.querySelectorAll('option')].map((o) => o.textContent)).toEqual(PARENTS.map((p) => p.name));
        expect(await within(table).findByText(listItem.name, { selector: '.cell-title *, .cell-title' })).toBeInTheDocument();
        expect(listRequests(requests, '/list-of-services/display-order/3')).not.toHaveLength(0);
        // Its list is one service's: no list of every item is asked for.
        expect(requests.some((r) => r.path === '/list-of-services')).toBe(false);
      },
      details(dialog, { words }) {
        expect(dialog.querySelector('img')).toHaveAttribute('src', expect.stringContaining(listItem.image_url));
        const value = (text: string) => within(dialog).getByText(text, { selector: 'dt' }).nextElementSibling as HTMLElement;
        expect(value(words.fields.listName)).toHaveTextContent(listItem.name);
        expect(value(words.selectService)).toHaveTextContent(PARENTS[0].name);
        expect(value(words.arabicFields.name)).toHaveAttribute('dir', 'rtl');
        // What its former details did not show is not shown.
        expect(within(dialog).queryByText('bg-navy')).not.toBeInTheDocument();
      },
      // Another service: its items, kept in the address, and the add link follows; then the first again.
      async then({ user, router, requests, words }) {
        const picker = screen.getByRole('combobox', { name: words.selectService });
        await user.selectOptions(picker, String(PARENTS[1].id));
        await waitFor(() => expect(listRequests(requests, '/list-of-services/display-order/4')).not.toHaveLength(0));
        expect(router.state.location.search).toContain('service=4');
        expect(await screen.findByText(t('common.noData'))).toBeInTheDocument();
        expect(screen.getByRole('link', { name: words.add })).toHaveAttribute('href', '/addserviceslist?service=4');
        await user.selectOptions(picker, String(PARENTS[0].id));
      },
    },
    adding: {
      what: 'in the service chosen, its next display order',
      url: '/addserviceslist?service=4',
      routes: {
        'GET /list-of-services/display-order/4': () => [200, list([{ ...listItem, id: 8, our_service_id: 4, display_order: 6 }])],
        ...uploads('/media/cruise.jpg'),
      },
      id: 9, displayOrder: 7,
      async fill({ user, words }) {
        await user.type(screen.getByLabelText(words.fields.name), 'Sunset cruise');
        await upload(user, 'cruise.jpg', 'image/jpeg');
      },
      sent: {
        our_service_id: 4,
        name: 'Sunset cruise',
        name_ar: null,
        description: '',
        description_ar: null,
        display_order: 7,
        image_url: '/media/cruise.jpg',
        titleBgClass: '',
      },
      // Back to that service's list.
      async back({ router, words }) {
        expect(router.state.location.search).toBe('?service=4');
        expect(await screen.findByRole('combobox', { name: words.selectService })).toHaveValue('4');
      },
    },
    editing: {
      what: 'prefilled from its record, moved to another service, its stored background class kept',
      async edit({ user, words }) {
        expect(await screen.findByLabelText(words.fields.name)).toHaveValue(listItem.name);
        const service = screen.getByRole('combobox', { name: new RegExp(`^${words.selectService}`) });
        expect(service).toHaveValue('3');
        expect(screen.getByLabelText(words.fields.displayOrder)).toHaveValue(listItem.display_order);
        expect(screen.queryByDisplayValue('bg-navy')).not.toBeInTheDocument();
        await user.selectOptions(service, String(PARENTS[1].id));
      },
      ifMatch: '"3"', version: 4,
      sent: { our_service_id: 4, name: listItem.name, name_ar: listItem.name_ar, display_order: listItem.display_order, image_url: listItem.image_url, titleBgClass: 'bg-navy' },
      // Back to the list of the service it moved to.
      back({ router }) {
        expect(router.state.location.search).toBe('?service=4');
      },
    },
    labels: {
      en: {
        our_service_id: SERVICE_LIST_WORDS.en.selectService,
        display_order: SERVICE_LIST_WORDS.en.fields.displayOrder,
        name_ar: SERVICE_LIST_WORDS.en.arabicFields.name,
      },
      ar: { our_service_id: SERVICE_LIST_WORDS.ar.selectService },
    },
  }),
];

// For each kind: its list and its details, a new one, an update (and a delete) with their toasts,
// its fields' names in History, and nothing at `/content/{kind}`.
for (const row of KINDS) describe(`${row.name} at their legacy paths`, () => {
  const { listing, adding, editing } = row;
  const submit = (user: App['user']) => user.click(screen.getByRole('button', { name: i18n.t('common.submit') }));
  const actions = async (user: App['user'], action: TKey) => {
    await user.click(await screen.findByRole('button', { name: i18n.t('common.actionsFor', { name: row.item }) }));
    await user.click(screen.getByRole('menuitem', { name: t(action) }));
  };

  it.each(LANGUAGES)(`lists at ${row.list} ${listing.what}; its add link, its details, its form at ${row.edit} and back, in its own words (%s)`, async (language) => {
    const words = row.words[language];
    await i18n.changeLanguage(language);
    const { requests } = row.api();
    const { user, router } = renderApp(null, { url: row.list });
    const step = { user, router, requests, words };
    expect(await screen.findByRole('heading', { level: 1, name: words.title })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: words.title });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(words.columns);
    await listing.shows(table, step);
    expect(screen.getByRole('link', { name: words.add })).toHaveAttribute('href', listing.addLink ?? row.add);

    await actions(user, 'common.view');
    await listing.details(await screen.findByRole('dialog', { name: words.details }), step);
    await user.keyboard('{Escape}');
    await listing.then?.(step);

    await actions(user, 'common.edit');
    expect(await screen.findByRole('heading', { level: 1, name: words.editTitle })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(row.edit);
    expect(screen.getByRole('link', { name: words.back })).toHaveAttribute('href', row.list);
    // Its menu entry is the specification's, marked on its forms; the kind is not listed again.
    const menu = screen.getByRole('navigation');
    const entries = within(menu).getAllByRole('link', { name: i18n.t(row.nav) });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toHaveAttribute('href', row.list);
    expect(entries[0]).toHaveClass('nav-link--active');
    if (row.notListed) expect(within(menu).queryByRole('link', { name: row.notListed })).toBeNull();
  });

  const addAt = adding.url ?? row.add;
  it.each(LANGUAGES)(`adds ${row.one} at ${addAt}: ${adding.what}, its toasts, and back to ${row.list} (%s)`, async (language) => {
    const words = row.words[language];
    await i18n.changeLanguage(language);
    // The first add fails, the next is saved.
    let fail = true;
    const { requests } = row.api({
      ...adding.routes,
      [`POST ${row.endpoint}`]: ({ body }) => (fail ? [500, { errors: {} }] : [201, { responseBody: [{ ...row.record, ...(body as object), id: adding.id }] }]),
    });
    const { user, router } = renderApp(null, { url: addAt });
    const step = { user, router, requests, words };
    expect(await screen.findByRole('heading', { level: 1, name: words.addTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: words.back })).toHaveAttribute('href', row.list);
    await waitFor(() => expect(screen.getByLabelText(words.fields.displayOrder)).toHaveValue(adding.displayOrder));
    await adding.fill(step);

    await submit(user);
    expect(await toastTitle(words.addFailed)).toBeInTheDocument();
    fail = false;
    await submit(user);
    expect(await toastTitle(words.added)).toBeInTheDocument();
    const post = writes(requests).filter((r) => r.path === row.endpoint).at(-1);
    expect(post?.body).toMatchObject(adding.sent);
    await waitFor(() => expect(router.state.location.pathname).toBe(row.list));
    await adding.back?.(step);
  });

  const deletes = editing.deletes ? ` and deletes it from ${row.list}` : '';
  it.each(LANGUAGES)(`updates ${row.one} at ${row.edit} (${editing.what})${deletes}, with its toasts (%s)`, async (language) => {
    const words = row.words[language];
    await i18n.changeLanguage(language);
    // The server answers the updates with the row's refusals, then a failure, then the update; a delete that fails first fails once.
    const updates: [number, unknown][] = [...(editing.refusals ?? []), [500, { errors: {} }]];
    const removals: [number, unknown][] = editing.deletes === 'after a failure' ? [[500, { errors: {} }]] : [];
    const record = `${row.endpoint}/${row.record.id}`;
    const { requests } = row.api({
      [`PUT ${record}`]: ({ body }) => updates.shift() ?? [200, { responseBody: [{ ...row.record, ...(body as object), version: editing.version }] }],
      ...(editing.deletes && { [`DELETE ${record}`]: () => removals.shift() ?? [200, { responseBody: { id: row.record.id } }] }),
    });
    const { user, router } = renderApp(null, { url: row.edit });
    const step = { user, router, requests, words };
    await editing.edit(step);
    await submit(user);
    expect(await toastTitle(words.updateFailed)).toBeInTheDocument();
    await submit(user);
    expect(await toastTitle(words.updated)).toBeInTheDocument();
    const put = writes(requests).at(-1);
    expect(put?.headers.get('if-match')).toBe(editing.ifMatch);
    if (editing.sent) expect(put?.body).toMatchObject(editing.sent);
    await waitFor(() => expect(router.state.location.pathname).toBe(row.list));
    editing.back?.(step);
    if (!editing.deletes) return;

    const remove = async () => {
      await actions(user, 'common.delete');
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: t('confirm.confirm') }));
    };
    await remove();
    if (editing.deletes === 'after a failure') {
      expect(await toastTitle(words.deleteFailed!)).toBeInTheDocument();
      await remove();
    }
    expect(await toastTitle(words.deleted)).toBeInTheDocument();
  });

  it(`names its fields in History and the audit log as its form at ${row.add} does`, async () => {
    const declared = (field: string) => declaredLabel(row.declared, field, i18n.language);
    for (const language of LANGUAGES) {
      await act(() => i18n.changeLanguage(language));
      for (const [field, label] of Object.entries(row.labels[language])) expect(fieldLabel(row.kind, field, t, declared), `${language} ${field}`).toBe(label);
    }
  });

  it(`is not at /content/${row.kind}`, async () => {
    row.api();
    renderApp(null, { url: `/content/${row.kind}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
  });
});

describe('general content’s form at /addgeneralContentDashboard', () => {
  // The specification's layout (section 2): Name, Value, Display order, Submit, in the order its rules run.
  it('lays out Name, Value, Display order, then Submit; the key across the form, the values as plain text, no image', async () => {
    generalApi();
    renderApp(null, { url: '/addgeneralContentDashboard' });
    const form = (await screen.findByLabelText('Name')).closest('form')!;
    const englishPanel = within(form).getByRole('tabpanel');
    const controls = [...englishPanel.querySelectorAll('input, textarea, select')].map((control) => control.getAttribute('name'));
    expect(controls).toEqual(['name', 'values', 'display_order']);

    const submit = within(form).getByRole('button', { name: 'Submit' });
    const displayOrder = within(form).getByLabelText('Display order');
    expect(displayOrder.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    expect(within(form).getByLabelText('Name').closest('.field')).toHaveClass('form__full');
    for (const name of ['Value', 'Value in Arabic']) {
      const area = within(form).getByLabelText(name);
      expect(area.tagName).toBe('TEXTAREA');
      expect(area).toHaveAttribute('rows', '4');
      expect(area).not.toHaveAccessibleDescription();
    }
    expect(within(form).getByLabelText('Value in Arabic')).toHaveAttribute('dir', 'rtl');
    expect(form.querySelector('input[type="file"]')).toBeNull();
  });
});

describe('services’ form at /addservices', () => {
  // The specification's form (section 2): title, description, content, display order, image, colour code, in the order its rules run.
  it('lays out its fields in the order of its rules, the colour with its picker, "Coming soon" a box to tick; each named as History names it', async () => {
    const words = SERVICE_WORDS.en;
    const { requests } = serviceApi();
    const { user } = renderApp(null, { url: '/addservices' });
    const form = (await screen.findByLabelText(words.fields.name)).closest('form')!;
    const englishPanel = within(form).getByRole('tabpanel');
    const controls = [...englishPanel.querySelectorAll('input, textarea, select')].flatMap((control) => control.getAttribute('name') ?? []);
    expect(controls).toEqual(['name', 'description', 'content', 'display_order', 'image_file', 'color', 'coming_soon']);
    expect(within(form).getByLabelText(words.fields.name)).toHaveAttribute('dir', 'ltr');
    expect(within(form).getByLabelText(words.fields.content).tagName).toBe('TEXTAREA');
    expect(within(form).getByLabelText(words.fields.color)).toHaveAttribute('placeholder', '#0B1F3A');
    expect(within(form).getByLabelText(words.colourPicker)).toHaveAttribute('type', 'color');
    const comingSoon = within(form).getByRole('checkbox', { name: words.comingSoon });
    expect(comingSoon).not.toBeChecked();
    expect(comingSoon).toHaveAccessibleDescription(words.comingSoonHint);

    // Each field is named in History and the audit log as the form labels it.
    const declared = (field: string) => declaredLabel(serviceKind, field, i18n.language);
    await user.click(screen.getByRole('tab', { name: i18n.t('common.arabic') }));
    for (const field of serviceKind.fields) {
      const label = fieldLabel('service', field.name, t, declared);
      const named = screen.queryAllByLabelText(label, { exact: true }).filter((control) => control.getAttribute('name'));
      if (named.length > 0) expect(named.map((control) => control.getAttribute('name')), `${field.name}: "${label}"`).toContain(field.name);
      // The upload field labels its dropzone, whose button has no name.
      else expect(screen.getAllByText(label, { selector: 'label' }), `${field.name}: "${label}"`).not.toHaveLength(0);
    }
    expect(screen.getByLabelText(words.arabicFields.content)).toHaveAttribute('dir', 'rtl');

    // Its rules speak first for the title, as the specification's form did.
    await user.click(screen.getByRole('button', { name: i18n.t('common.submit') }));
    expect(await screen.findByText(words.firstFailure, { selector: '.field__error' })).toBeInTheDocument();
    expect(writes(requests)).toHaveLength(0);
  });
});

describe('service lists at /serviceslist and /addserviceslist', () => {
  it('says so when there is no service to list items of', async () => {
    const { requests } = serviceListApi({ 'GET /our-services/display/display-order': () => [200, list([])] });
    renderApp(null, { url: '/serviceslist' });
    const picker = await screen.findByRole('combobox', { name: SERVICE_LIST_WORDS.en.selectService });
    await waitFor(() => expect(picker).toBeDisabled());
    expect(picker).toHaveTextContent(SERVICE_LIST_WORDS.en.noServices);
    expect(await screen.findByText(t('common.noData'))).toBeInTheDocument();
    expect(requests.some((r) => r.path.startsWith('/list-of-services'))).toBe(false);
  });

  // Moved from the former dashboard's tests (specification section 8).
  const deleteMeetAndGreet = async (user: ReturnType<typeof renderApp>['user']) => {
    // The list comes after its parents: allow for both reads.
    await user.click(await screen.findByRole('button', { name: 'Actions for Meet and greet' }, { timeout: 5000 }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Are You Sure to Delete?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  };

  it('says "Error deleting service" when a delete fails without a message', async () => {
    serviceListApi({ 'DELETE /list-of-services/7': () => [500, undefined] });
    const { user } = renderApp(null, { url: '/serviceslist' });
    await deleteMeetAndGreet(user);
    expect(await toastTitle('Error deleting service')).toBeInTheDocument();
    expect(screen.queryByText('An error occurred', { selector: '[data-title]' })).not.toBeInTheDocument();
  });

  it('shows the server\'s message when a delete fails with one', async () => {
    serviceListApi({ 'DELETE /list-of-services/7': () => [409, { message: 'This item is still published elsewhere.', errors: {} }] });
    const { user } = renderApp(null, { url: '/serviceslist' });
    await deleteMeetAndGreet(user);
    expect(await toastTitle('This item is still published elsewhere.')).toBeInTheDocument();
  });

  it('deletes with its toast', async () => {
    const { requests } = serviceListApi({ 'DELETE /list-of-services/7': () => [200, { responseBody: { id: 7 } }] });
    const { user } = renderApp(null, { url: '/serviceslist' });
    await deleteMeetAndGreet(user);
    expect(await toastTitle(SERVICE_LIST_WORDS.en.deleted)).toBeInTheDocument();
    expect(writes(requests).at(-1)?.headers.get('if-match')).toBe('"3"');
  });

  // The specification's form: select service, name, display order, image upload, in the order its rules run.
  it('asks for the service, the name, the display order and the image, in that order, each failure toasted too; the service the list showed preselected', async () => {
    const words = SERVICE_LIST_WORDS.en;
    const { requests } = serviceListApi();
    const { user } = renderApp(null, { url: '/addserviceslist?service=4' });
    const service = await screen.findByRole('combobox', { name: new RegExp(`^${words.selectService}`) });
    expect(service).toHaveValue('4');
    expect(within(service).getByRole('option', { name: words.choose })).toHaveValue('');
    const form = service.closest('form')!;
    const controls = [...within(form).getByRole('tabpanel').querySelectorAll('input, textarea, select')].flatMap((control) => control.getAttribute('name') ?? []);
    expect(controls).toEqual(['our_service_id', 'name', 'display_order', 'image_file', 'description']);
    expect(screen.getByLabelText(words.fields.displayOrder)).toBeInTheDocument();

    await user.selectOptions(service, words.choose);
    await user.click(screen.getByRole('button', { name: i18n.t('common.submit') }));
    expect(await toastTitle('Please select a service')).toBeInTheDocument();
    await user.selectOptions(service, String(PARENTS[0].id));
    await user.click(screen.getByRole('button', { name: i18n.t('common.submit') }));
    expect(await toastTitle('Please enter the name')).toBeInTheDocument();
    expect(writes(requests)).toHaveLength(0);
  });
});
