/**
 * The form of a kind the admin knows from `GET /kinds` alone (destinations): an editor per
 * declared type, the Arabic twins in their tab, the kind's rules in their order, and the bodies
 * it sends to create and to update.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { blogKind, destinationKind, destinationRecord, guideKind, kindsAnswer } from '@/testing/kinds';
import { list, mockApi, type Recorded } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const toastTitle = (text: string) => screen.findByText(text, { selector: '[data-title]' });
const writes = (requests: Recorded[]) => requests.filter((r) => r.method !== 'GET' && !r.path.startsWith('/presence/'));

function api(routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /kinds': () => kindsAnswer(blogKind, destinationKind, guideKind),
    // Its list, read for the next free display order and as the items a guide may name.
    'GET /destinations': () => [200, list([destinationRecord({ display_order: 5 })])],
    'GET /destinations/7': () => [200, { responseBody: [destinationRecord()] }],
    ...routes,
  });
}

describe('the form of a declared kind', () => {
  // The rich-text editor measures the caret and the pointer: jsdom lays nothing out.
  beforeAll(() => {
    Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
    Range.prototype.getBoundingClientRect = () => new DOMRect();
    document.elementFromPoint = () => null;
  });
  afterAll(() => {
    delete (Range.prototype as Partial<Range>).getClientRects;
    delete (Range.prototype as Partial<Range>).getBoundingClientRect;
    delete (document as Partial<Document>).elementFromPoint;
  });

  it('edits each declared field with its type’s editor, English in the English tab and the Arabic twins in theirs', async () => {
    api();
    const { user } = renderApp(null, { url: '/content/destination/new' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Destination' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Destinations' })).toHaveAttribute('href', '/content/destination');

    const name = await screen.findByLabelText('Name');
    expect(name.tagName).toBe('INPUT');
    expect(name).toHaveAttribute('dir', 'ltr');
    expect(name).toHaveAttribute('maxLength', '100');
    const country = screen.getByLabelText('Country');
    expect(within(country).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose…', 'Saudi Arabia', 'United Arab Emirates', 'Bahrain', 'Qatar', 'United Kingdom', 'India',
    ]);
    expect(screen.getByLabelText('Summary').tagName).toBe('TEXTAREA');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveAttribute('contenteditable', 'true');
    expect(screen.getByText('Image', { selector: 'label' })).toBeInTheDocument();
    expect(document.querySelector('input[type="file"]')).toHaveAttribute('name', 'image_file');
    // A new item starts at the next free display order of its list.
    await waitFor(() => expect(screen.getByLabelText('Display order')).toHaveValue(6));
    expect(screen.getByLabelText('Meta title')).toBeInTheDocument();
    const arabicName = screen.getByLabelText('Arabic name');
    expect(arabicName).not.toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Arabic' }));
    expect(arabicName).toBeVisible();
    expect(arabicName).toHaveAttribute('dir', 'rtl');
    expect(arabicName).toHaveAttribute('lang', 'ar');
    expect(arabicName).not.toHaveAttribute('aria-required');
    expect(screen.getByRole('textbox', { name: 'Arabic description' })).toHaveAttribute('dir', 'rtl');
    expect(screen.getByLabelText('Arabic meta description').tagName).toBe('TEXTAREA');
  });

  it('edits a reference, key-value lines, a date and a colour, and saves an array holding the item when the kind asks', async () => {
    const { requests } = api({
      'GET /guides': () => [200, list([])],
      'POST /guides': ({ body }) => [201, { responseBody: [{ id: 3, ...(body as object[])[0] }], message: 'Guide added successfully' }],
    });
    const { user } = renderApp(null, { url: '/content/guide/new' });
    const destination = await screen.findByLabelText('Destination');
    await waitFor(() => expect(within(destination).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose…', 'Riyadh']));
    expect(screen.getByLabelText('Opening hours')).toHaveAccessibleDescription('One per line, as key: value');
    expect(screen.getByLabelText('Opens on')).toHaveAttribute('type', 'date');
    expect(screen.getByRole('textbox', { name: 'Accent colour' })).toHaveAttribute('dir', 'ltr');
    expect(screen.getByLabelText('Pick a colour')).toHaveAttribute('type', 'color');

    await user.type(screen.getByLabelText('Title'), '  Old Riyadh  ');
    await user.selectOptions(destination, 'Riyadh');
    await user.type(screen.getByLabelText('Opening hours'), 'Friday: closed');
    await user.type(screen.getByRole('textbox', { name: 'Accent colour' }), '#0B1F3A');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await toastTitle('Guide added successfully')).toBeInTheDocument();
    const [post] = writes(requests);
    expect(post.path).toBe('/guides');
    expect(post.body).toEqual([
      { title: 'Old Riyadh', title_ar: null, destination_id: 7, hours: 'Friday: closed', opens_on: null, accent: '#0B1F3A', status: 'published', publish_at: null, unpublish_at: null, schedule_zone: 'Asia/Dubai' },
    ]);
  });

  it('runs the kind’s rules in their order, with the first failure of each field from the table', async () => {
    const { requests } = api();
    const { user } = renderApp(null, { url: '/content/destination/new' });
    await waitFor(() => expect(screen.getByLabelText('Display order')).toHaveValue(6));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter the Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please choose the Country')).toBeInTheDocument();
    expect(screen.getByText('Please upload the Image')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Name'), 'Jeddah');
    await user.selectOptions(screen.getByLabelText('Country'), 'SA');
    await user.clear(screen.getByLabelText('Display order'));
    await user.type(screen.getByLabelText('Display order'), '1.5');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter the Summary')).toBeInTheDocument();
    expect(screen.queryByText('Please enter the Name')).toBeNull();
    expect(screen.getByText(/^Display order must be a whole number/)).toBeInTheDocument();
    expect(writes(requests)).toEqual([]);
  });

  it('says the rules in Arabic, and labels the fields as the kind does in Arabic', async () => {
    await i18n.changeLanguage('ar');
    api();
    const { user } = renderApp(null, { url: '/content/destination/new' });
    expect(await screen.findByRole('heading', { level: 1, name: 'إضافة وجهة' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى الوجهات' })).toBeInTheDocument();
    expect(within(await screen.findByLabelText('الدولة')).getByRole('option', { name: 'المملكة العربية السعودية' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('ترتيب العرض')).toHaveValue(6));
    await user.click(screen.getByRole('button', { name: i18n.t('common.submit') }));
    expect(await screen.findByText('يرجى إدخال الاسم')).toBeInTheDocument();
  });

  it('adds a destination: its upload first, then POST /destinations with the fields as the API takes them', async () => {
    const { requests } = api({
      'POST /blob-upload': () => [200, { status: 200, responseData: '/media/jeddah.jpg' }],
      'POST /destinations': ({ body }) => [201, { responseBody: [{ ...destinationRecord(), ...(body as object), id: 8 }], message: 'Destination added successfully' }],
    });
    const { user, router } = renderApp(null, { url: '/content/destination/new' });
    expect(await screen.findByLabelText('Display order')).toHaveValue(6);
    await user.type(screen.getByLabelText('Name'), ' Jeddah ');
    await user.selectOptions(screen.getByLabelText('Country'), 'SA');
    await user.type(screen.getByLabelText('Summary'), 'Gateway to the Red Sea.');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Coral and old houses.');
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['x'], 'jeddah.jpg', { type: 'image/jpeg' }));
    await user.click(screen.getByRole('tab', { name: 'Arabic' }));
    await user.type(screen.getByLabelText('Arabic name'), 'جدة');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await toastTitle('Destination added successfully')).toBeInTheDocument();
    const [upload, post] = writes(requests);
    expect(upload.path).toBe('/blob-upload');
    expect(post.path).toBe('/destinations');
    expect(post.headers.get('if-match')).toBeNull();
    expect(post.body).toEqual({
      name: 'Jeddah',
      name_ar: 'جدة',
      country: 'SA',
      summary: 'Gateway to the Red Sea.',
      summary_ar: null,
      description: '<p>Coral and old houses.</p>',
      description_ar: null,
      image_url: '/media/jeddah.jpg',
      display_order: 6,
      meta_title: '',
      meta_title_ar: null,
      meta_description: '',
      meta_description_ar: null,
      status: 'published',
      publish_at: null,
      unpublish_at: null,
      schedule_zone: 'Asia/Dubai',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/content/destination'));
  });

  it('updates a destination with PUT /destinations/7, sending the version it read as If-Match', async () => {
    const { requests } = api({
      'PUT /destinations/7': ({ body }) => [200, { responseBody: [{ ...destinationRecord(), ...(body as object), version: 5 }] }],
    });
    const { user } = renderApp(null, { url: '/content/destination/7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Destination' })).toBeInTheDocument();
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Riyadh');
    expect(screen.getByLabelText('Country')).toHaveValue('SA');
    expect(screen.getByLabelText('Display order')).toHaveValue(2);
    await user.clear(name);
    await user.type(name, 'Riyadh, the capital');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    // No message from the server: the kind's own words.
    expect(await toastTitle('Destination updated successfully')).toBeInTheDocument();
    const [put] = writes(requests);
    expect(put.method).toBe('PUT');
    expect(put.path).toBe('/destinations/7');
    expect(put.headers.get('if-match')).toBe('"4"');
    expect(put.body).toMatchObject({ name: 'Riyadh, the capital', name_ar: 'الرياض', country: 'SA', display_order: 2, image_url: '/media/riyadh.jpg', status: 'published' });
    expect(put.body).not.toHaveProperty('version');
    expect(put.body).not.toHaveProperty('image_file');
  });

  it('shows the English beside each Arabic twin the kind declares, where the English has a value', async () => {
    api();
    const { user } = renderApp(null, { url: '/content/destination/7' });
    await screen.findByLabelText('Name');
    await user.click(screen.getByRole('tab', { name: 'Arabic' }));
    const panel = screen.getByRole('tabpanel', { name: 'Arabic' });
    const english = within(panel).getAllByRole('group', { name: 'English' });
    // Name, summary and description; the meta title and meta description are empty in English.
    expect(english.map((group) => group.textContent)).toEqual(['EnglishRiyadh', 'EnglishThe capital, old and new.', 'EnglishSouqs and skyscrapers.']);
    expect(english[1].closest('.twin')).toContainElement(within(panel).getByLabelText('Arabic summary'));
    expect(within(panel).getByLabelText('Arabic meta title').closest('.twin')).toBeNull();
  });

  it('says Not found for an id that is not a whole number', async () => {
    api();
    renderApp(null, { url: '/content/destination/seven' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
  });
});
