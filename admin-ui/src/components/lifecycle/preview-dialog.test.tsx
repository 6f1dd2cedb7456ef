/**
 * Preview shows what is on screen (issue 41): the form's unsaved values are sent to be rendered
 * (`POST /preview/{kind}/{id}`, the body a save would send, nothing saved), the saved version is
 * read otherwise (`GET`), and the dialog says which.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockApi, type Recorded } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { blogRecord } from '@/testing/records';

const blog = blogRecord({
  created_at: '2027-03-01T08:00:00Z',
  updated_at: '2027-03-01T08:00:00Z',
  status: 'published',
  publish_at: null,
  unpublish_at: null,
  schedule_zone: null,
  published_at: '2027-03-01T08:00:00Z',
  hasPendingChanges: false,
  version: 3,
});

const one = (item: object) => ({ responseBody: [item] });
const previews = (requests: Recorded[]) => requests.filter((r) => r.path === '/preview/blog/9');
const saves = (requests: Recorded[]) => requests.filter((r) => r.method === 'PUT' && r.path === '/blog/9');
const lang = (request: Recorded) => new URLSearchParams(request.search).get('lang');
/** The page the server renders: its title from what was sent (or the saved one). */
const page = (title: string) => `<html><body><h1>${title}</h1></body></html>`;
const frame = () => screen.getByTitle(/Preview of the page/) as HTMLIFrameElement;

function api(overrides: Record<string, (request: Recorded) => [number, unknown]> = {}) {
  return mockApi({
    'GET /blog/9': () => [200, one(blog)],
    'GET /preview/blog/9': () => [200, page(blog.name)],
    'POST /preview/blog/9': ({ body }) => [200, page((body as { name: string }).name)],
    'PUT /blog/9': ({ body }) => [200, { ...one({ ...blog, ...(body as object), version: 4 }), message: 'Blog updated successfully' }],
    ...overrides,
  });
}

describe('preview', () => {
  // The stage follows the window's width; jsdom has no layout to follow.
  beforeEach(() => vi.stubGlobal('ResizeObserver', class { observe() {} disconnect() {} }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the saved version when the form has no unsaved changes', async () => {
    const { requests } = api();
    const { user } = renderApp(null, { url: '/addblog/9' });
    await user.click(await screen.findByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview' });
    expect(within(dialog).getByText('Showing the saved version')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(frame().srcdoc).toContain('<h1>Arrivals</h1>'));
    expect(previews(requests).map((r) => [r.method, lang(r)])).toEqual([['GET', 'en']]);
  });

  it('sends the unsaved values, exactly as a save would, and saves nothing', async () => {
    const { requests } = api();
    const { user } = renderApp(null, { url: '/addblog/9' });
    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Planning a London season');
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const dialog = await screen.findByRole('dialog', { name: 'Preview' });
    expect(within(dialog).getByText('Showing your unsaved changes')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(frame().srcdoc).toContain('<h1>Planning a London season</h1>'));
    await user.click(within(dialog).getByRole('button', { name: 'Arabic' }));
    await waitFor(() => expect(previews(requests)).toHaveLength(2));
    expect(previews(requests).map((r) => [r.method, lang(r)])).toEqual([
      ['POST', 'en'],
      ['POST', 'ar'],
    ]);
    expect(saves(requests)).toHaveLength(0);

    // The body is the save's, to the letter (and, like it, without the version).
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    const [put] = saves(requests);
    expect(previews(requests)[0].body).toEqual(put.body);
    expect(put.body).toMatchObject({ name: 'Planning a London season', status: 'published', schedule_zone: 'Asia/Dubai' });
    expect(previews(requests)[0].body).not.toHaveProperty('version');
    expect(previews(requests)[0].headers.get('if-match')).toBeNull();
  });

  it('counts a changed schedule as an unsaved change', async () => {
    const { requests } = api();
    const { user } = renderApp(null, { url: '/addblog/9' });
    await user.type(await screen.findByLabelText(/Publish at/), '2027-03-30T09:00');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Showing your unsaved changes')).toBeInTheDocument();
    await waitFor(() => expect(previews(requests)).toHaveLength(1));
    expect(previews(requests)[0]).toMatchObject({ method: 'POST', body: { publish_at: '2027-03-30T05:00:00.000Z' } });
  });

  it('names the values the server refuses, by their labels', async () => {
    api({
      'POST /preview/blog/9': () => [400, { message: 'Please check the form.', errors: { name: 'Please enter the title', meta_title: 'At most 60 characters' } }],
    });
    const { user } = renderApp(null, { url: '/addblog/9' });
    await user.type(await screen.findByLabelText('Meta title'), 'x');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const alert = await within(await screen.findByRole('dialog', { name: 'Preview' })).findByRole('alert');
    expect(alert).toHaveTextContent('The preview could not be made with these values:');
    expect(within(alert).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Title: Please enter the title',
      'Meta title: At most 60 characters',
    ]);
  });

  it('says which version it shows, and names refused values, in Arabic', async () => {
    await i18n.changeLanguage('ar');
    api({ 'POST /preview/blog/9': () => [400, { message: 'تحقق من النموذج.', errors: { name: 'أدخل العنوان' } }] });
    const { user } = renderApp(null, { url: '/addblog/9' });
    await user.clear(await screen.findByLabelText(i18n.t('blogs.fields.name')));
    await user.click(screen.getByRole('button', { name: 'معاينة' }));
    const dialog = await screen.findByRole('dialog', { name: 'معاينة' });
    expect(within(dialog).getByText('تعرض تغييراتك غير المحفوظة')).toHaveAttribute('role', 'status');
    expect(await within(dialog).findByRole('listitem')).toHaveTextContent('العنوان: أدخل العنوان');
  });

  it('sends a banner as its save does: an array holding the one banner', async () => {
    const banner = {
      id: 5,
      banner_name: 'Eid',
      banner_url: '/media/eid.jpg',
      image_id: '',
      title: 'Eid Mubarak',
      title_ar: null,
      sub_title: '',
      sub_title_ar: null,
      web_url: '',
      created_at: '2027-03-01T08:00:00Z',
      updated_at: '2027-03-01T08:00:00Z',
      status: 'draft',
      publish_at: null,
      unpublish_at: null,
      published_at: null,
      hasPendingChanges: false,
      version: 2,
    };
    const { requests } = mockApi({
      'GET /flashy-banner/get-flashy-banner-by-id/5': () => [200, one(banner)],
      'POST /preview/banner/5': () => [200, page('Eid')],
    });
    const { user } = renderApp(null, { url: '/addbanner/5' });
    await user.type(await screen.findByLabelText('Subtitle'), 'Across the Gulf');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/preview/banner/5')).toBe(true));
    const sent = requests.find((r) => r.path === '/preview/banner/5')!.body as object[];
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ title: 'Eid Mubarak', sub_title: 'Across the Gulf', status: 'published', banner_url: '/media/eid.jpg' });
  });
});
