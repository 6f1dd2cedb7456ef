/**
 * "Choose from library" in an image field: offered to whoever may upload; a dialog (focus inside,
 * Escape closes it) with the library's grid, search and the types the field takes; choosing sets
 * the field's address as an upload would, and no file waits to be sent.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from '@/components/form/form';
import { i18n } from '@/lib/i18n';
import { permissionsFrom, PermissionsProvider, type Permission } from '@/lib/permissions';
import { createQueryClient } from '@/lib/query-client';
import { infoBody, libraryItem, mediaInfo } from '@/testing/media-info';
import { list, mockApi, type Recorded } from '@/testing/mock-api';
import { UploadField } from './upload-field';

type Values = { image_url: string; image_file: File | null };

const dunes = libraryItem();
const mark = libraryItem({ name: 'mark.svg', original_name: 'Logo mark.svg', mime: 'image/svg+xml', width: 512, height: 512, status: 'original', thumbnail: '/media/mark.svg' });

const listQueries = (requests: Recorded[]) =>
  requests.filter((r) => r.method === 'GET' && r.path === '/media').map((r) => Object.fromEntries(new URLSearchParams(r.search)));

function renderField({ permissions = ['media.upload'], acceptsVideo = false }: { permissions?: Permission[]; acceptsVideo?: boolean } = {}) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  const onSubmit = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <PermissionsProvider can={permissionsFrom(permissions)}>
        <Form<Values> defaultValues={{ image_url: '/media/arrivals.jpg', image_file: null }} onSubmit={onSubmit}>
          <UploadField<Values> fileName="image_file" urlName="image_url" label="Image" acceptsVideo={acceptsVideo} />
          <button type="submit">Submit</button>
        </Form>
      </PermissionsProvider>
    </QueryClientProvider>,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('choosing an image from the library', () => {
  it('offers the library beside the upload, with pictures only, and sets the field’s address to the chosen file', async () => {
    const { requests } = mockApi({
      'GET /media': (r) => [200, list(new URLSearchParams(r.search).get('type') === 'svg' ? [mark] : [dunes])],
      'GET /media/arrivals.jpg': () => [404, { message: 'Not found', errors: {} }],
      'GET /media/mark.svg': () => [200, infoBody(mediaInfo('original', { url: '/media/mark.svg', width: 512, height: 512, bytes: 2_400 }))],
    });
    const { onSubmit, user } = renderField();
    const open = screen.getByRole('button', { name: 'Choose from library' });
    await user.click(open);

    const dialog = await screen.findByRole('dialog', { name: 'Choose from the media library' });
    expect(await within(dialog).findByRole('button', { name: /Dunes at dawn\.jpg/ })).toBeInTheDocument();
    expect(listQueries(requests)[0]).toEqual({ page: '1', size: '24', type: 'image,svg' });
    // Pictures only: no Video; "All" is every kind of picture.
    const type = within(dialog).getByRole('combobox', { name: 'Type' });
    expect(within(type).getAllByRole('option').map((option) => option.textContent)).toEqual(['All', 'Images', 'Artwork (SVG)']);

    await user.selectOptions(type, 'Artwork (SVG)');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search' }), 'logo{Enter}');
    await waitFor(() => expect(listQueries(requests).at(-1)).toEqual({ page: '1', size: '24', type: 'svg', q: 'logo' }));
    // Enter searched the library; it did not submit the content form around the field.
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(await within(dialog).findByRole('button', { name: /Logo mark\.svg/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(open).toHaveFocus();
    const preview = screen.getByTestId('upload-preview');
    expect(within(preview).getByText('From the library: Logo mark.svg')).toBeInTheDocument();
    expect(within(preview).getByAltText('Preview of /media/mark.svg')).toHaveAttribute('src', '/media/mark.svg');

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({ image_url: '/media/mark.svg', image_file: null });
  });

  it('replaces a newly chosen file that waits to be uploaded', async () => {
    globalThis.URL.createObjectURL = vi.fn(() => 'blob:preview');
    globalThis.URL.revokeObjectURL = vi.fn();
    mockApi({ 'GET /media': () => [200, list([dunes])], 'GET /media/dunes.jpg': () => [200, infoBody(mediaInfo('ready'))] });
    const { onSubmit, user } = renderField();
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['x'], 'gold.png', { type: 'image/png' }));
    expect(await screen.findByText('New file: gold.png')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Choose from library' }));
    await user.click(await screen.findByRole('button', { name: /Dunes at dawn\.jpg/ }));
    expect(screen.queryByText('New file: gold.png')).toBeNull();
    expect(screen.getByText('From the library: Dunes at dawn.jpg')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({ image_url: '/media/dunes.jpg', image_file: null });
  });

  it('marks the field’s file, and closes on Escape without changing the field, focus back on the button', async () => {
    const arrivals = libraryItem({ name: 'arrivals.jpg', original_name: 'Arrivals hall.jpg' });
    mockApi({ 'GET /media': () => [200, list([dunes, arrivals])], 'GET /media/arrivals.jpg': () => [404, { message: 'Not found', errors: {} }] });
    const { onSubmit, user } = renderField();
    const open = screen.getByRole('button', { name: 'Choose from library' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Choose from the media library' });
    expect(await within(dialog).findByRole('button', { name: /Arrivals hall\.jpg/ })).toHaveAttribute('aria-current', 'true');
    expect(within(dialog).getByRole('button', { name: /Dunes at dawn\.jpg/ })).not.toHaveAttribute('aria-current');
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(open).toHaveFocus();
    expect(screen.getByText('Current file')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({ image_url: '/media/arrivals.jpg', image_file: null });
  });

  it('offers every type, and All, to a field that takes video', async () => {
    const { requests } = mockApi({ 'GET /media': () => [200, list([dunes])], 'GET /media/arrivals.jpg': () => [404, { message: 'Not found', errors: {} }] });
    const { user } = renderField({ acceptsVideo: true });
    await user.click(screen.getByRole('button', { name: 'Choose from library' }));
    const type = await screen.findByRole('combobox', { name: 'Type' });
    expect(within(type).getAllByRole('option').map((option) => option.textContent)).toEqual(['All', 'Images', 'Artwork (SVG)', 'Video']);
    await waitFor(() => expect(listQueries(requests)[0]).toEqual({ page: '1', size: '24' }));
  });

  it('is not offered to whoever may not upload', () => {
    mockApi({ 'GET /media/arrivals.jpg': () => [404, { message: 'Not found', errors: {} }] });
    renderField({ permissions: ['content.edit'] });
    expect(screen.queryByRole('button', { name: 'Choose from library' })).toBeNull();
  });

  it('speaks Arabic', async () => {
    await i18n.changeLanguage('ar');
    mockApi({ 'GET /media': () => [200, list([dunes])], 'GET /media/arrivals.jpg': () => [404, { message: 'Not found', errors: {} }] });
    const { user } = renderField();
    await user.click(screen.getByRole('button', { name: 'اختيار من المكتبة' }));
    const dialog = await screen.findByRole('dialog', { name: 'اختيار من مكتبة الوسائط' });
    expect(within(dialog).getByRole('combobox', { name: 'النوع' })).toBeInTheDocument();
  });
});
