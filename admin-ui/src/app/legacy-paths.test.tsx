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
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { fieldLabel } from '@/components/lifecycle/field-labels';
import { declaredLabel } from '@/lib/kinds';
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
const review = reviewRecord();

/** The words of the client reviews' screens, as the specification's screens said them. */
const WORDS = {
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

const LANGUAGES = ['en', 'ar'] as const;
const t = (key: TKey) => i18n.t(key);

function api(routes: Parameters<typeof mockApi>[0] = {}) {
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

describe('client reviews at their legacy paths', () => {
  it.each(LANGUAGES)('list, add, edit, back and details link to the legacy paths, in the kind’s own words (%s)', async (language) => {
    const words = WORDS[language];
    await i18n.changeLanguage(language);
    api();
    const { user, router } = renderApp(null, { url: '/clientreviewdashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: words.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: words.add })).toHaveAttribute('href', '/addclientreview');
    const table = await screen.findByRole('table', { name: words.title });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(words.columns);
    expect(within(within(table).getAllByRole('row')[1]).getAllByRole('cell')[1]).toHaveTextContent(review.title);

    await user.click(screen.getByRole('button', { name: i18n.t('common.actionsFor', { name: review.title }) }));
    await user.click(screen.getByRole('menuitem', { name: t('common.view') }));
    const dialog = await screen.findByRole('dialog', { name: words.details });
    const label = (text: string) => within(dialog).getByText(text, { selector: 'dt' });
    expect(label(words.fields.name).nextElementSibling).toHaveTextContent(review.name);
    expect(label(words.arabicFields.title).nextElementSibling).toHaveTextContent(review.title_ar);
    // The square picture as a portrait, the other lists' pictures across the dialog.
    await waitFor(() => expect(within(dialog).getByRole('img', { name: review.title })).toHaveClass('details-view__media--portrait'));
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: i18n.t('common.actionsFor', { name: review.title }) }));
    await user.click(screen.getByRole('menuitem', { name: t('common.edit') }));
    expect(await screen.findByRole('heading', { level: 1, name: words.editTitle })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/addclientreview/5');
    expect(screen.getByRole('link', { name: words.back })).toHaveAttribute('href', '/clientreviewdashboard');
    // Its menu entry is the specification's, marked on its forms; the kind is not listed again.
    const menu = screen.getByRole('navigation');
    expect(within(menu).getByRole('link', { name: i18n.t('nav.reviews') })).toHaveClass('nav-link--active');
    expect(within(menu).queryByRole('link', { name: 'Client reviews' })).toBeNull();
  });

  it.each(LANGUAGES)('adds a review: its fields’ labels, its next display order, its toasts, and back to its list (%s)', async (language) => {
    const words = WORDS[language];
    await i18n.changeLanguage(language);
    let fail = true;
    const { requests } = api({
      'POST /blob-upload': () => [200, { status: 200, responseData: '/media/layla.png' }],
      'POST /client-reviewes': ({ body }) => (fail ? [500, { errors: {} }] : [201, { responseBody: [{ ...review, ...(body as object), id: 6 }] }]),
    });
    const { user, router } = renderApp(null, { url: '/addclientreview' });
    expect(await screen.findByRole('heading', { level: 1, name: words.addTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: words.back })).toHaveAttribute('href', '/clientreviewdashboard');
    await waitFor(() => expect(screen.getByLabelText(words.fields.displayOrder)).toHaveValue(6));
    expect(screen.getByText(words.fields.image, { selector: 'label' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(words.fields.title), 'Flawless arrival');
    await user.type(screen.getByLabelText(words.fields.name), 'Layla');
    await user.type(screen.getByLabelText(words.fields.description), 'Met at the door.');
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"][name="image_file"]')!, new File(['x'], 'layla.png', { type: 'image/png' }));
    await user.click(screen.getByRole('tab', { name: i18n.t('common.arabic') }));
    expect(screen.getByLabelText(words.arabicFields.name)).toHaveAttribute('dir', 'rtl');
    expect(screen.getByLabelText(words.arabicFields.title)).toBeVisible();
    expect(screen.getByLabelText(words.arabicFields.description).tagName).toBe('TEXTAREA');

    await user.click(screen.getByRole('button', { name: i18n.t('common.submit') }));
    expect(await toastTitle(words.addFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: i18n.t('common.submit') }));
    expect(await toastTitle(words.added)).toBeInTheDocument();
    const post = writes(requests).filter((r) => r.path === '/client-reviewes').at(-1);
    expect(post?.body).toMatchObject({ title: 'Flawless arrival', title_ar: null, name: 'Layla', description: 'Met at the door.', display_order: 6, image_url: '/media/layla.png' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/clientreviewdashboard'));
  });

  it.each(LANGUAGES)('updates and deletes a review with its toasts (%s)', async (language) => {
    const words = WORDS[language];
    await i18n.changeLanguage(language);
    let fail = true;
    const { requests } = api({
      'PUT /client-reviewes/5': ({ body }) => (fail ? [500, { errors: {} }] : [200, { responseBody: [{ ...review, ...(body as object), version: 3 }] }]),
      'DELETE /client-reviewes/5': () => [200, { responseBody: { id: 5 } }],
    });
    const { user, router } = renderApp(null, { url: '/addclientreview/5' });
    const name = await screen.findByLabelText(words.fields.name);
    expect(name).toHaveValue(review.name);
    await user.clear(name);
    await user.type(name, 'Noura Al-Harbi');
    await user.click(screen.getByRole('button', { name: i18n.t('common.submit') }));
    expect(await toastTitle(words.updateFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: i18n.t('common.submit') }));
    expect(await toastTitle(words.updated)).toBeInTheDocument();
    expect(writes(requests).at(-1)?.headers.get('if-match')).toBe('"2"');
    await waitFor(() => expect(router.state.location.pathname).toBe('/clientreviewdashboard'));

    await user.click(await screen.findByRole('button', { name: i18n.t('common.actionsFor', { name: review.title }) }));
    await user.click(screen.getByRole('menuitem', { name: t('common.delete') }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: t('confirm.confirm') }));
    expect(await toastTitle(words.deleted)).toBeInTheDocument();
  });

  it('names its fields in History and the audit log as its form does', async () => {
    const declared = (field: string) => declaredLabel(reviewKind, field, i18n.language);
    expect(fieldLabel('client-review', 'title', t, declared)).toBe(WORDS.en.fields.title);
    expect(fieldLabel('client-review', 'name_ar', t, declared)).toBe(WORDS.en.arabicFields.name);
    await act(() => i18n.changeLanguage('ar'));
    expect(fieldLabel('client-review', 'name_ar', t, declared)).toBe(WORDS.ar.arabicFields.name);
  });

  it('is not at /content/client-review', async () => {
    api();
    renderApp(null, { url: '/content/client-review' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
  });
});

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

function generalApi(routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /general-content-section': () => [200, list([entry])],
    'GET /general-content-section/4': () => [200, { responseBody: [entry] }],
    ...routes,
  });
}

describe('general content at its legacy paths', () => {
  it.each(LANGUAGES)('lists each entry’s key and value, then its status; details, edit and back at the legacy paths, in its own words (%s)', async (language) => {
    const words = GENERAL_WORDS[language];
    await i18n.changeLanguage(language);
    generalApi();
    const { user, router } = renderApp(null, { url: '/generalContentDashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: words.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: words.add })).toHaveAttribute('href', '/addgeneralContentDashboard');
    const table = await screen.findByRole('table', { name: words.title });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(words.columns);
    const [key, value] = within(within(table).getAllByRole('row')[1]).getAllByRole('cell');
    // The key as code; the value on two lines at most.
    expect(key.querySelector('code.cell-key')).toHaveTextContent(entry.name);
    expect(value.querySelector('.cell-clamp')).toHaveTextContent(entry.values);

    await user.click(screen.getByRole('button', { name: i18n.t('common.actionsFor', { name: entry.name }) }));
    await user.click(screen.getByRole('menuitem', { name: t('common.view') }));
    const dialog = await screen.findByRole('dialog', { name: words.details });
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
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: i18n.t('common.actionsFor', { name: entry.name }) }));
    await user.click(screen.getByRole('menuitem', { name: t('common.edit') }));
    expect(await screen.findByRole('heading', { level: 1, name: words.editTitle })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/addgeneralContentDashboard/4');
    expect(screen.getByRole('link', { name: words.back })).toHaveAttribute('href', '/generalContentDashboard');
    const menu = screen.getByRole('navigation');
    expect(within(menu).getByRole('link', { name: i18n.t('nav.generalContent') })).toHaveClass('nav-link--active');
    expect(within(menu).queryByRole('link', { name: 'General content' })).toBeNull();
  });

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

  it.each(LANGUAGES)('adds an entry: its first failure toasted too, its next display order, its toasts, and back to its list (%s)', async (language) => {
    const words = GENERAL_WORDS[language];
    await i18n.changeLanguage(language);
    let fail = true;
    const { requests } = generalApi({
      'POST /general-content-section': ({ body }) => (fail ? [500, { errors: {} }] : [201, { responseBody: [{ ...entry, ...(body as object), id: 5 }] }]),
    });
    const { user, router } = renderApp(null, { url: '/addgeneralContentDashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: words.addTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: words.back })).toHaveAttribute('href', '/generalContentDashboard');
    await waitFor(() => expect(screen.getByLabelText(words.fields.displayOrder)).toHaveValue(2));
    await user.click(screen.getByRole('button', { name: i18n.t('common.submit') }));
    expect(await toastTitle(words.firstFailure)).toBeInTheDocument();

    await user.type(screen.getByLabelText(words.fields.name), 'site.hours');
    await user.type(screen.getByLabelText(words.fields.value), 'Open 24/7');
    await user.click(screen.getByRole('button', { name: i18n.t('common.submit') }));
    expect(await toastTitle(words.addFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: i18n.t('common.submit') }));
    expect(await toastTitle(words.added)).toBeInTheDocument();
    const post = writes(requests).filter((r) => r.path === '/general-content-section').at(-1);
    expect(post?.body).toMatchObject({ name: 'site.hours', values: 'Open 24/7', values_ar: null, display_order: 2 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/generalContentDashboard'));
  });

  it.each(LANGUAGES)('updates with the server’s field errors on their fields, and deletes, with its toasts (%s)', async (language) => {
    const words = GENERAL_WORDS[language];
    await i18n.changeLanguage(language);
    let answer: [number, unknown] = [400, { message: 'Value must be at most 5000 characters.', errors: { values: 'Value must be at most 5000 characters.' } }];
    const { requests } = generalApi({
      'PUT /general-content-section/4': ({ body }) => (answer[0] === 200 ? [200, { responseBody: [{ ...entry, ...(body as object), version: 4 }] }] : answer),
      'DELETE /general-content-section/4': () => [200, { responseBody: { id: 4 } }],
    });
    const { user, router } = renderApp(null, { url: '/addgeneralContentDashboard/4' });
    const value = await screen.findByLabelText(words.fields.value);
    expect(value).toHaveValue(entry.values);
    await user.click(screen.getByRole('button', { name: i18n.t('common.submit') }));
    expect(await screen.findByText('Value must be at most 5000 characters.', { selector: '.field__error' })).toBeInTheDocument();
    expect(value).toHaveAttribute('aria-invalid', 'true');
    answer = [500, { errors: {} }];
    await user.click(screen.getByRole('button', { name: i18n.t('common.submit') }));
    expect(await toastTitle(words.updateFailed)).toBeInTheDocument();
    answer = [200, null];
    await user.click(screen.getByRole('button', { name: i18n.t('common.submit') }));
    expect(await toastTitle(words.updated)).toBeInTheDocument();
    expect(writes(requests).at(-1)?.headers.get('if-match')).toBe('"3"');
    await waitFor(() => expect(router.state.location.pathname).toBe('/generalContentDashboard'));

    await user.click(await screen.findByRole('button', { name: i18n.t('common.actionsFor', { name: entry.name }) }));
    await user.click(screen.getByRole('menuitem', { name: t('common.delete') }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: t('confirm.confirm') }));
    expect(await toastTitle(words.deleted)).toBeInTheDocument();
  });

  it('names its fields in History and the audit log as its form does', async () => {
    const declared = (field: string) => declaredLabel(generalContentKind, field, i18n.language);
    expect(fieldLabel('general-content', 'values', t, declared)).toBe(GENERAL_WORDS.en.fields.value);
    expect(fieldLabel('general-content', 'values_ar', t, declared)).toBe(GENERAL_WORDS.en.fields.valueAr);
    await act(() => i18n.changeLanguage('ar'));
    expect(fieldLabel('general-content', 'values', t, declared)).toBe(GENERAL_WORDS.ar.fields.value);
    expect(fieldLabel('general-content', 'values_ar', t, declared)).toBe(GENERAL_WORDS.ar.fields.valueAr);
  });

  it('is not at /content/general-content', async () => {
    generalApi();
    renderApp(null, { url: '/content/general-content' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
  });
});

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

function serviceApi(routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    // Its list in display order: what the dashboard shows, and where a new service's next free order is.
    'GET /our-services/display/display-order': () => [200, list([service])],
    'GET /our-services/3': () => [200, { responseBody: [service] }],
    ...routes,
  });
}

describe('services at their legacy paths', () => {
  it.each(LANGUAGES)('lists each service’s picture, title, status, colour and display order; details, edit and back at the legacy paths, in their own words (%s)', async (language) => {
    const words = SERVICE_WORDS[language];
    await i18n.changeLanguage(language);
    const { requests } = serviceApi();
    const { user, router } = renderApp(null, { url: '/servicesDashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: words.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: words.add })).toHaveAttribute('href', '/addservices');
    const table = await screen.findByRole('table', { name: words.title });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(words.columns);
    const [image, title, , colour, order] = within(within(table).getAllByRole('row')[1]).getAllByRole('cell');
    expect(within(image).getByRole('img', { name: service.name })).toBeInTheDocument();
    expect(title.querySelector('.cell-title')).toHaveTextContent(service.name);
    // The colour as a swatch beside its code.
    expect(colour.querySelector('.swatch__chip')).toHaveStyle({ background: service.color });
    expect(colour.querySelector('.swatch code')).toHaveTextContent(service.color);
    expect(order).toHaveTextContent(String(service.display_order));
    expect(requests.some((r) => r.method === 'GET' && r.path === '/our-services/display/display-order')).toBe(true);

    await user.click(screen.getByRole('button', { name: i18n.t('common.actionsFor', { name: service.name }) }));
    await user.click(screen.getByRole('menuitem', { name: t('common.view') }));
    const dialog = await screen.findByRole('dialog', { name: words.details });
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
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: i18n.t('common.actionsFor', { name: service.name }) }));
    await user.click(screen.getByRole('menuitem', { name: t('common.edit') }));
    expect(await screen.findByRole('heading', { level: 1, name: words.editTitle })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/addservices/3');
    expect(screen.getByRole('link', { name: words.back })).toHaveAttribute('href', '/servicesDashboard');
    // Its menu entry is the specification's, marked on its forms; the kind is not listed again.
    const menu = screen.getByRole('navigation');
    const entries = within(menu).getAllByRole('link', { name: i18n.t('nav.services') });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toHaveAttribute('href', '/servicesDashboard');
    expect(entries[0]).toHaveClass('nav-link--active');
  });

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

  it.each(LANGUAGES)('adds a service: its next display order, its toasts, "Coming soon" sent as true, and back to its list (%s)', async (language) => {
    const words = SERVICE_WORDS[language];
    await i18n.changeLanguage(language);
    let fail = true;
    const { requests } = serviceApi({
      'POST /blob-upload': () => [200, { status: 200, responseData: '/media/yachts.jpg' }],
      'POST /our-services': ({ body }) => (fail ? [500, { errors: {} }] : [201, { responseBody: [{ ...service, ...(body as object), id: 4 }] }]),
    });
    const { user, router } = renderApp(null, { url: '/addservices' });
    expect(await screen.findByRole('heading', { level: 1, name: words.addTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: words.back })).toHaveAttribute('href', '/servicesDashboard');
    await waitFor(() => expect(screen.getByLabelText(words.fields.displayOrder)).toHaveValue(4));
    await user.type(screen.getByLabelText(words.fields.name), 'Yacht Charter');
    await user.type(screen.getByLabelText(words.fields.description), 'A day on the Gulf.');
    await user.type(screen.getByLabelText(words.fields.content), 'Crew, lunch and a swim stop.');
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"][name="image_file"]')!, new File(['x'], 'yachts.jpg', { type: 'image/jpeg' }));
    await user.type(screen.getByLabelText(words.fields.color), '#C9A227');
    await user.click(screen.getByRole('checkbox', { name: words.comingSoon }));
    await user.click(screen.getByRole('tab', { name: i18n.t('common.arabic') }));
    await user.type(screen.getByLabelText(words.arabicFields.name), 'تأجير اليخوت');

    await user.click(screen.getByRole('button', { name: i18n.t('common.submit') }));
    expect(await toastTitle(words.addFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: i18n.t('common.submit') }));
    expect(await toastTitle(words.added)).toBeInTheDocument();
    const post = writes(requests).filter((r) => r.path === '/our-services').at(-1);
    expect(post?.body).toMatchObject({
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
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/servicesDashboard'));
  });

  it.each(LANGUAGES)('updates (the box cleared: "Coming soon" sent as false) and deletes a service with its toasts (%s)', async (language) => {
    const words = SERVICE_WORDS[language];
    await i18n.changeLanguage(language);
    let fail = true;
    let deleted = false;
    const { requests } = serviceApi({
      'PUT /our-services/3': ({ body }) => (fail ? [500, { errors: {} }] : [200, { responseBody: [{ ...service, ...(body as object), version: 6 }] }]),
      'DELETE /our-services/3': () => (deleted ? [200, { responseBody: { id: 3 } }] : [500, { errors: {} }]),
    });
    const { user, router } = renderApp(null, { url: '/addservices/3' });
    const content = await screen.findByLabelText(words.fields.content);
    expect(content).toHaveValue(service.content);
    expect(screen.getByLabelText(words.fields.color)).toHaveValue(service.color);
    const comingSoon = screen.getByRole('checkbox', { name: words.comingSoon });
    expect(comingSoon).toBeChecked();
    await user.click(comingSoon);
    await user.click(screen.getByRole('button', { name: i18n.t('common.submit') }));
    expect(await toastTitle(words.updateFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: i18n.t('common.submit') }));
    expect(await toastTitle(words.updated)).toBeInTheDocument();
    const put = writes(requests).at(-1);
    expect(put?.headers.get('if-match')).toBe('"5"');
    expect(put?.body).toMatchObject({ name: service.name, name_ar: service.name_ar, color: service.color, display_order: service.display_order, coming_soon: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/servicesDashboard'));

    const remove = async () => {
      await user.click(await screen.findByRole('button', { name: i18n.t('common.actionsFor', { name: service.name }) }));
      await user.click(screen.getByRole('menuitem', { name: t('common.delete') }));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: t('confirm.confirm') }));
    };
    await remove();
    expect(await toastTitle(words.deleteFailed)).toBeInTheDocument();
    deleted = true;
    await remove();
    expect(await toastTitle(words.deleted)).toBeInTheDocument();
  });

  it('names its fields in History and the audit log as its form does', async () => {
    const declared = (field: string) => declaredLabel(serviceKind, field, i18n.language);
    expect(fieldLabel('service', 'coming_soon', t, declared)).toBe(SERVICE_WORDS.en.comingSoon);
    expect(fieldLabel('service', 'name', t, declared)).toBe(SERVICE_WORDS.en.fields.name);
    expect(fieldLabel('service', 'content_ar', t, declared)).toBe(SERVICE_WORDS.en.arabicFields.content);
    expect(fieldLabel('service', 'status', t, declared)).toBe('Status');
    await act(() => i18n.changeLanguage('ar'));
    expect(fieldLabel('service', 'coming_soon', t, declared)).toBe(SERVICE_WORDS.ar.comingSoon);
    expect(fieldLabel('service', 'content_ar', t, declared)).toBe(SERVICE_WORDS.ar.arabicFields.content);
  });

  it('is not at /content/service', async () => {
    serviceApi();
    renderApp(null, { url: '/content/service' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
  });
});

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

function serviceListApi(routes: Parameters<typeof mockApi>[0] = {}) {
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

describe('service lists at their legacy paths', () => {
  it.each(LANGUAGES)('lists the items of the service chosen above the table (the first preselected): title and status; details, edit and add at the legacy paths, in their own words (%s)', async (language) => {
    const words = SERVICE_LIST_WORDS[language];
    await i18n.changeLanguage(language);
    const { requests } = serviceListApi();
    const { user, router } = renderApp(null, { url: '/serviceslist' });
    expect(await screen.findByRole('heading', { level: 1, name: words.title })).toBeInTheDocument();
    const picker = await screen.findByRole('combobox', { name: words.selectService });
    await waitFor(() => expect(picker).toHaveValue('3'));
    expect([...picker.querySelectorAll('option')].map((o) => o.textContent)).toEqual(PARENTS.map((p) => p.name));
    const table = await screen.findByRole('table', { name: words.title });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(words.columns);
    expect(await within(table).findByText(listItem.name, { selector: '.cell-title *, .cell-title' })).toBeInTheDocument();
    expect(listRequests(requests, '/list-of-services/display-order/3')).not.toHaveLength(0);
    // Its list is one service's: no list of every item is asked for.
    expect(requests.some((r) => r.path === '/list-of-services')).toBe(false);
    expect(screen.getByRole('link', { name: words.add })).toHaveAttribute('href', '/addserviceslist?service=3');

    await user.click(screen.getByRole('button', { name: i18n.t('common.actionsFor', { name: listItem.name }) }));
    await user.click(screen.getByRole('menuitem', { name: t('common.view') }));
    const dialog = await screen.findByRole('dialog', { name: words.details });
    expect(dialog.querySelector('img')).toHaveAttribute('src', expect.stringContaining(listItem.image_url));
    const value = (text: string) => within(dialog).getByText(text, { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(value(words.fields.listName)).toHaveTextContent(listItem.name);
    expect(value(words.selectService)).toHaveTextContent(PARENTS[0].name);
    expect(value(words.arabicFields.name)).toHaveAttribute('dir', 'rtl');
    // What its former details did not show is not shown.
    expect(within(dialog).queryByText('bg-navy')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    // Another service: its items, kept in the address, and the add link follows.
    await user.selectOptions(picker, String(PARENTS[1].id));
    await waitFor(() => expect(listRequests(requests, '/list-of-services/display-order/4')).not.toHaveLength(0));
    expect(router.state.location.search).toContain('service=4');
    expect(await screen.findByText(t('common.noData'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: words.add })).toHaveAttribute('href', '/addserviceslist?service=4');

    await user.selectOptions(picker, String(PARENTS[0].id));
    await user.click(await screen.findByRole('button', { name: i18n.t('common.actionsFor', { name: listItem.name }) }));
    await user.click(screen.getByRole('menuitem', { name: t('common.edit') }));
    expect(await screen.findByRole('heading', { level: 1, name: words.editTitle })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/addserviceslist/7');
    expect(screen.getByRole('link', { name: words.back })).toHaveAttribute('href', '/serviceslist');
    // Its menu entry is the specification's, marked on its forms; the kind is not listed again.
    const entries = within(screen.getByRole('navigation')).getAllByRole('link', { name: i18n.t('nav.serviceLists') });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toHaveAttribute('href', '/serviceslist');
    expect(entries[0]).toHaveClass('nav-link--active');
  });

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

    // Each field is named in History and the audit log as the form labels it.
    const declared = (field: string) => declaredLabel(serviceListKind, field, i18n.language);
    expect(fieldLabel('service-list', 'our_service_id', t, declared)).toBe(words.selectService);
    expect(fieldLabel('service-list', 'display_order', t, declared)).toBe(words.fields.displayOrder);
    expect(fieldLabel('service-list', 'name_ar', t, declared)).toBe(words.arabicFields.name);
    await act(() => i18n.changeLanguage('ar'));
    expect(fieldLabel('service-list', 'our_service_id', t, declared)).toBe(SERVICE_LIST_WORDS.ar.selectService);
  });

  it.each(LANGUAGES)('adds an item to the service chosen: its next display order, its toasts, and back to that service\'s list (%s)', async (language) => {
    const words = SERVICE_LIST_WORDS[language];
    await i18n.changeLanguage(language);
    let fail = true;
    const { requests } = serviceListApi({
      'GET /list-of-services/display-order/4': () => [200, list([{ ...listItem, id: 8, our_service_id: 4, display_order: 6 }])],
      'POST /blob-upload': () => [200, { status: 200, responseData: '/media/cruise.jpg' }],
      'POST /list-of-services': ({ body }) => (fail ? [500, { errors: {} }] : [201, { responseBody: [{ ...listItem, ...(body as object), id: 9 }] }]),
    });
    const { user, router } = renderApp(null, { url: '/addserviceslist?service=4' });
    expect(await screen.findByRole('heading', { level: 1, name: words.addTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: words.back })).toHaveAttribute('href', '/serviceslist');
    await waitFor(() => expect(screen.getByLabelText(words.fields.displayOrder)).toHaveValue(7));
    await user.type(screen.getByLabelText(words.fields.name), 'Sunset cruise');
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"][name="image_file"]')!, new File(['x'], 'cruise.jpg', { type: 'image/jpeg' }));
    await user.click(screen.getByRole('button', { name: i18n.t('common.submit') }));
    expect(await toastTitle(words.addFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: i18n.t('common.submit') }));
    expect(await toastTitle(words.added)).toBeInTheDocument();
    const post = writes(requests).filter((r) => r.path === '/list-of-services').at(-1);
    expect(post?.body).toMatchObject({
      our_service_id: 4,
      name: 'Sunset cruise',
      name_ar: null,
      description: '',
      description_ar: null,
      display_order: 7,
      image_url: '/media/cruise.jpg',
      titleBgClass: '',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/serviceslist'));
    expect(router.state.location.search).toBe('?service=4');
    expect(await screen.findByRole('combobox', { name: words.selectService })).toHaveValue('4');
  });

  it.each(LANGUAGES)('edits an item prefilled from its record: moved to another service, its stored background class kept, its toasts (%s)', async (language) => {
    const words = SERVICE_LIST_WORDS[language];
    await i18n.changeLanguage(language);
    let fail = true;
    const { requests } = serviceListApi({
      'PUT /list-of-services/7': ({ body }) => (fail ? [500, { errors: {} }] : [200, { responseBody: [{ ...listItem, ...(body as object), version: 4 }] }]),
    });
    const { user, router } = renderApp(null, { url: '/addserviceslist/7' });
    expect(await screen.findByLabelText(words.fields.name)).toHaveValue(listItem.name);
    const service = screen.getByRole('combobox', { name: new RegExp(`^${words.selectService}`) });
    expect(service).toHaveValue('3');
    expect(screen.getByLabelText(words.fields.displayOrder)).toHaveValue(listItem.display_order);
    expect(screen.queryByDisplayValue('bg-navy')).not.toBeInTheDocument();
    await user.selectOptions(service, String(PARENTS[1].id));
    await user.click(screen.getByRole('button', { name: i18n.t('common.submit') }));
    expect(await toastTitle(words.updateFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: i18n.t('common.submit') }));
    expect(await toastTitle(words.updated)).toBeInTheDocument();
    const put = writes(requests).at(-1);
    expect(put?.headers.get('if-match')).toBe('"3"');
    expect(put?.body).toMatchObject({ our_service_id: 4, name: listItem.name, name_ar: listItem.name_ar, display_order: listItem.display_order, image_url: listItem.image_url, titleBgClass: 'bg-navy' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/serviceslist'));
    expect(router.state.location.search).toBe('?service=4');
  });

  it('is not at /content/service-list', async () => {
    serviceListApi();
    renderApp(null, { url: '/content/service-list' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
  });
});
