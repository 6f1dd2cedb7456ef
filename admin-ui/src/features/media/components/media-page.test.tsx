/**
 * The media library's page: its filters in the list request and the address, the tiles, a file's
 * panel (descriptions and focal point saved, the server's field errors on their fields, where it
 * is used), Delete refused while something shows the file, the trash with Bring back, each role's
 * share, and the page in Arabic.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { libraryDetail, libraryItem } from '@/testing/media-info';
import { accountAnswer, list, mockApi, type Recorded } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const dunes = libraryItem();
const mark = libraryItem({
  name: 'mark.svg',
  original_name: 'Logo mark.svg',
  mime: 'image/svg+xml',
  width: 512,
  height: 512,
  bytes: 2_400,
  status: 'original',
  alt: 'The Dar Wasl mark',
  usage_count: 0,
  thumbnail: '/media/mark.svg',
});
const clip = libraryItem({ name: 'clip.mp4', original_name: 'Arrivals clip.mp4', mime: 'video/mp4', width: null, height: null, bytes: 8_300_000, status: 'original', thumbnail: '/media/clip.mp4' });

const usage = [
  { kind: 'blog' as const, id: 9, title: 'Arrivals', field: 'image_url', pending: false },
  { kind: 'service' as const, id: 3, title: 'Airport', field: 'description_ar', pending: true },
];

const listQueries = (requests: Recorded[]) =>
  requests.filter((r) => r.method === 'GET' && r.path === '/media').map((r) => Object.fromEntries(new URLSearchParams(r.search)));
const toastTitle = (text: string) => screen.findByText(text, { selector: '[data-title]' });
const tile = (name: RegExp) => screen.findByRole('button', { name });

describe('the media library', () => {
  // The phone's `matchMedia` (and each test's fake API) go with the test that set them.
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the page, type, search, unused and trash it shows, and keeps them in the address', async () => {
    const { requests } = mockApi({ 'GET /media': () => [200, list([dunes, mark, clip], 60)] });
    const { user, router } = renderApp(null, { url: '/media' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Media' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Files' });
    expect(listQueries(requests).at(-1)).toEqual({ page: '1', size: '24' });

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listQueries(requests).at(-1)).toEqual({ page: '2', size: '24' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Artwork (SVG)');
    await waitFor(() => expect(listQueries(requests).at(-1)).toEqual({ page: '1', size: '24', type: 'svg' }));
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveTextContent(/All.*Images.*Artwork \(SVG\).*Video/);

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'dunes');
    await waitFor(() => expect(listQueries(requests).at(-1)).toEqual({ page: '1', size: '24', type: 'svg', q: 'dunes' }));

    await user.click(screen.getByRole('checkbox', { name: 'Unused only' }));
    await waitFor(() => expect(listQueries(requests).at(-1)).toEqual({ page: '1', size: '24', type: 'svg', q: 'dunes', unused: 'true' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ type: 'svg', q: 'dunes', unused: 'true' });

    await user.click(screen.getByRole('button', { name: 'Deleted' }));
    await waitFor(() => expect(listQueries(requests).at(-1)).toMatchObject({ deleted: 'true', type: 'svg', q: 'dunes' }));
    expect(screen.getByRole('button', { name: 'Deleted' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('list', { name: 'Deleted files' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
  });

  it('shows each file’s name, size and dimensions, and says when it has no description', async () => {
    mockApi({ 'GET /media': () => [200, list([dunes, mark, clip])] });
    renderApp(null, { url: '/media' });
    const photo = await tile(/Dunes at dawn\.jpg/);
    expect(photo).toHaveTextContent('1.6 MB');
    expect(photo).toHaveTextContent('1600 × 1067 px');
    expect(within(photo).getByText('No description')).toBeInTheDocument();
    const thumb = photo.querySelector('img')!;
    expect(thumb).toHaveAttribute('src', '/media/dunes-160w.jpg');
    expect(thumb).toHaveAttribute('loading', 'lazy');
    expect(thumb).toHaveAttribute('width', '1600');
    expect(thumb).toHaveAttribute('height', '1067');

    const artwork = screen.getByRole('button', { name: /Logo mark\.svg/ });
    expect(within(artwork).getByText('SVG')).toBeInTheDocument();
    expect(within(artwork).queryByText('No description')).toBeNull();
    expect(within(artwork).getByText('Not used')).toBeInTheDocument();

    const video = screen.getByRole('button', { name: /Arrivals clip\.mp4/ });
    expect(video.querySelector('img, video')).toBeNull();
    expect(within(video).getByText('Video')).toBeInTheDocument();
    expect(video).toHaveTextContent('8.3 MB');
  });

  it('saves the descriptions and the focal point from the file’s panel, and shows where it is used', async () => {
    const detail = libraryDetail({ usage });
    const { requests } = mockApi({
      'GET /media': () => [200, list([dunes])],
      'GET /media/dunes.jpg': () => [200, { responseBody: [detail] }],
      'PUT /media/dunes.jpg': (r) => [200, { responseBody: [{ ...detail, ...(r.body as object) }], message: 'Saved: every page that shows this file is being republished.' }],
    });
    const { user, router } = renderApp(null, { url: '/media' });
    await user.click(await tile(/Dunes at dawn\.jpg/));
    expect(router.state.location.search).toBe('?item=dunes.jpg');
    const panel = await screen.findByRole('complementary', { name: 'Dunes at dawn.jpg' });

    const used = await within(panel).findByRole('list', { name: 'Where it is used' });
    expect(within(used).getByRole('link', { name: 'Arrivals' })).toHaveAttribute('href', '/addblog/9');
    expect(within(used).getByRole('link', { name: 'Airport' })).toHaveAttribute('href', '/addservices/3');
    expect(used).toHaveTextContent('Field: Image');
    expect(used).toHaveTextContent('Field: Description in Arabic');
    expect(within(used).getAllByText('Pending change')).toHaveLength(1);
    expect(within(panel).getByText('This picture has no description yet: blind visitors hear nothing for it.')).toBeInTheDocument();

    const english = within(panel).getByRole('textbox', { name: 'Description (English)' });
    await user.type(english, 'A lone rider on the crest of a dune');
    expect(english).toHaveAccessibleDescription(/35 of 300 characters/);
    expect(english).toHaveAttribute('maxlength', '300');
    const arabic = within(panel).getByRole('textbox', { name: 'Description (Arabic)' });
    expect(arabic).toHaveAttribute('dir', 'rtl');
    expect(arabic).toHaveAttribute('lang', 'ar');
    await user.type(arabic, 'فارس على قمة كثيب');

    const focal = within(panel).getByRole('slider', { name: 'Focal point' });
    act(() => focal.focus());
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowUp}');
    expect(focal).toHaveAttribute('aria-valuetext', '52% across, 49% down');
    expect(within(panel).getByRole('group', { name: 'How the site crops it' }).querySelector('img')!.style.objectPosition).toBe('52% 49%');

    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await toastTitle('Saved: every page that shows this file is being republished.')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Save' })).toBeEnabled());
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({ alt: 'A lone rider on the crest of a dune', alt_ar: 'فارس على قمة كثيب', focal_x: 0.52, focal_y: 0.49 });

    // Use the centre clears the point: it is sent as null.
    await user.click(within(panel).getByRole('button', { name: 'Use the centre' }));
    expect(focal).toHaveAttribute('aria-valuetext', 'Not set: crops keep the centre');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
    expect(requests.filter((r) => r.method === 'PUT')[1].body).toMatchObject({ focal_x: null, focal_y: null });
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Save' })).toBeEnabled());
  });

  it('shows the server’s field errors at their fields', async () => {
    mockApi({
      'GET /media': () => [200, list([dunes])],
      'GET /media/dunes.jpg': () => [200, { responseBody: [libraryDetail()] }],
      'PUT /media/dunes.jpg': () => [
        400,
        {
          message: 'The description may have at most 300 characters.',
          errors: { alt: 'The description may have at most 300 characters.', focal_x: 'Focal x must be a number from 0 to 1.' },
        },
      ],
    });
    const { user } = renderApp(null, { url: '/media?item=dunes.jpg' });
    const panel = await screen.findByRole('complementary', { name: 'Dunes at dawn.jpg' });
    await user.click(await within(panel).findByRole('button', { name: 'Save' }));
    expect(await toastTitle('The description may have at most 300 characters.')).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'Description (English)' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(panel).getByText('The description may have at most 300 characters.', { selector: '.field__error' })).toBeInTheDocument();
    const focal = within(panel).getByRole('slider', { name: 'Focal point' });
    expect(focal).toHaveAttribute('aria-invalid', 'true');
    expect(focal).toHaveAccessibleDescription(/Focal x must be a number from 0 to 1\./);
    // Moving the point clears its error.
    focal.focus();
    await user.keyboard('{ArrowDown}');
    expect(within(panel).queryByText('Focal x must be a number from 0 to 1.')).toBeNull();
  });

  it('refuses to delete a file in use before any confirmation, saying where it is used', async () => {
    const { requests } = mockApi({
      'GET /media': () => [200, list([dunes])],
      'GET /media/dunes.jpg': () => [200, { responseBody: [libraryDetail({ usage })] }],
    });
    const { user } = renderApp(null, { url: '/media?item=dunes.jpg' });
    const panel = await screen.findByRole('complementary', { name: 'Dunes at dawn.jpg' });
    await user.click(await within(panel).findByRole('button', { name: 'Delete' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'This file is in use' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This file is still in use. Remove it from these items first.');
    const still = within(dialog).getByRole('list', { name: 'Still shown by' });
    expect(within(still).getByRole('link', { name: 'Arrivals' })).toHaveAttribute('href', '/addblog/9');
    expect(within(still).getByRole('link', { name: 'Airport' })).toHaveAttribute('href', '/addservices/3');
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(dialog).not.toHaveTextContent('goes to Deleted');
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('complementary', { name: 'Dunes at dawn.jpg' })).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('shows where a file is used when a use appeared after the confirmation was asked (the server’s 409)', async () => {
    const message = 'This file is still shown by Arrivals. Remove it from there first.';
    mockApi({
      'GET /media': () => [200, list([dunes])],
      'GET /media/dunes.jpg': () => [200, { responseBody: [libraryDetail({ usage_count: 0, usage: [] })] }],
      'DELETE /media/dunes.jpg': () => [409, { message, errors: {}, usage: [usage[0]] }],
    });
    const { user } = renderApp(null, { url: '/media?item=dunes.jpg' });
    const panel = await screen.findByRole('complementary', { name: 'Dunes at dawn.jpg' });
    expect(await within(panel).findByText('Not used anywhere.')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this file?' });
    expect(dialog).toHaveTextContent('“Dunes at dawn.jpg” goes to Deleted, where it can be brought back for 30 days.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(dialog).toHaveAccessibleName('This file is in use');
    const still = within(dialog).getByRole('list', { name: 'Still shown by' });
    expect(within(still).getByRole('link', { name: 'Arrivals' })).toHaveAttribute('href', '/addblog/9');
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).toBeNull();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('deletes an unused file to the trash and closes its panel', async () => {
    const unused = libraryItem({ usage_count: 0 });
    let listed = [unused];
    mockApi({
      'GET /media': () => [200, list(listed)],
      'GET /media/dunes.jpg': () => [200, { responseBody: [libraryDetail({ usage_count: 0 })] }],
      'DELETE /media/dunes.jpg': () => {
        listed = [];
        return [200, { responseBody: [libraryDetail({ deleted_at: '2026-11-21T08:00:00Z' })], message: 'Moved to the trash: it can be brought back for 30 days.' }];
      },
    });
    const { user, router } = renderApp(null, { url: '/media?item=dunes.jpg' });
    const panel = await screen.findByRole('complementary', { name: 'Dunes at dawn.jpg' });
    expect(await within(panel).findByText('Not used anywhere.')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    expect(await toastTitle('Moved to the trash: it can be brought back for 30 days.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Dunes at dawn.jpg' })).toBeNull());
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('No files yet. Upload one here, or add an image to any content.')).toBeInTheDocument();
  });

  it('brings a file back from the trash', async () => {
    const trashed = libraryItem({ name: 'old.jpg', original_name: 'Old lobby.jpg', usage_count: 0, deleted_at: '2026-11-20T08:00:00Z', thumbnail: '/media/old-160w.jpg' });
    const { requests } = mockApi({
      'GET /media': (r) => [200, list(new URLSearchParams(r.search).get('deleted') === 'true' ? [trashed] : [dunes])],
      'POST /media/old.jpg/undelete': () => [200, { responseBody: [libraryDetail({ ...trashed, deleted_at: null })], message: 'Brought back: the file is online again.' }],
    });
    const { user } = renderApp(null, { url: '/media' });
    await tile(/Dunes at dawn\.jpg/);
    await user.click(screen.getByRole('button', { name: 'Deleted' }));
    await user.click(await tile(/Old lobby\.jpg/));
    const panel = await screen.findByRole('complementary', { name: 'Old lobby.jpg' });
    expect(panel).toHaveTextContent('Deleted on 20-11-2026 12:00.');
    expect(within(panel).queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Bring back Old lobby.jpg' }));
    expect(await toastTitle('Brought back: the file is online again.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST' && r.path === '/media/old.jpg/undelete')).toBe(true);
    // A file in the trash is not served: its panel never asked for it.
    expect(requests.some((r) => r.path === '/media/old.jpg')).toBe(false);
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Old lobby.jpg' })).toBeNull());
  });

  it('lets a contributor browse, upload and read, but not change, delete or open the trash', async () => {
    mockApi({
      'GET /account': () => accountAnswer('contributor'),
      'GET /media': () => [200, list([dunes])],
      'GET /media/dunes.jpg': () => [200, { responseBody: [libraryDetail({ alt: 'Dunes' })] }],
    });
    renderApp(null, { url: '/media?item=dunes.jpg' });
    const panel = await screen.findByRole('complementary', { name: 'Dunes at dawn.jpg' });
    expect(await within(panel).findByText('Only editors and owners may change the descriptions and the focal point.')).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'Description (English)' })).toBeDisabled();
    expect(within(panel).getByRole('slider', { name: 'Focal point' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(panel).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deleted' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
  });

  it('opens a file as a full-screen sheet on a phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    mockApi({ 'GET /media': () => [200, list([dunes])], 'GET /media/dunes.jpg': () => [200, { responseBody: [libraryDetail()] }] });
    const { user } = renderApp(null, { url: '/media' });
    await user.click(await tile(/Dunes at dawn\.jpg/));
    const sheet = await screen.findByRole('dialog', { name: 'Dunes at dawn.jpg' });
    expect(sheet).toHaveClass('dialog--sheet');
    expect(await within(sheet).findByRole('slider', { name: 'Focal point' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Dunes at dawn.jpg' })).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('reads in Arabic, right to left', async () => {
    await i18n.changeLanguage('ar');
    mockApi({ 'GET /media': () => [200, list([dunes])], 'GET /media/dunes.jpg': () => [200, { responseBody: [libraryDetail()] }] });
    renderApp(null, { url: '/media?item=dunes.jpg' });
    expect(await screen.findByRole('heading', { level: 1, name: 'مكتبة الوسائط' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('combobox', { name: 'النوع' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'غير المستخدمة فقط' })).toBeInTheDocument();
    expect(within(await tile(/Dunes at dawn\.jpg/)).getByText('بلا وصف')).toBeInTheDocument();
    const panel = await screen.findByRole('complementary', { name: 'Dunes at dawn.jpg' });
    expect(await within(panel).findByRole('textbox', { name: 'الوصف (بالعربية)' })).toHaveAttribute('dir', 'rtl');
    expect(within(panel).getByRole('slider', { name: 'نقطة التركيز' })).toBeInTheDocument();
  });
});
