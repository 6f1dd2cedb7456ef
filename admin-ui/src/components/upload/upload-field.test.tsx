import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import type { FileRejection } from 'react-dropzone';
import { Form } from '@/components/form/form';
import { i18n } from '@/lib/i18n';
import { permissionsFrom, PermissionsProvider } from '@/lib/permissions';
import { createQueryClient } from '@/lib/query-client';
import { reportUploadProgress } from '@/lib/upload-progress';
import { infoBody, mediaInfo } from '@/testing/media-info';
import { mockApi } from '@/testing/mock-api';
import { rejectionMessage, UploadField } from './upload-field';

const rejected = (...codes: string[]): FileRejection[] => [
  { file: Object.assign(new File([''], 'x'), { path: 'x', relativePath: 'x' }), errors: codes.map((code) => ({ code, message: code })) },
];
const t = (key: 'upload.invalidType' | 'upload.tooLarge' | 'upload.otherError') => i18n.t(key);

describe('dropzone rejections', () => {
  it('names the problem in the specification\'s words', () => {
    expect(rejectionMessage(rejected('file-invalid-type'), t)).toBe(
      'Invalid file type. Only JPG, PNG, WebP, AVIF, SVG, MP4, WebM, and OGG are allowed.',
    );
    expect(rejectionMessage(rejected('file-too-large'), t)).toBe('File is too large. Maximum size allowed is 20MB.');
    expect(rejectionMessage(rejected('too-many-files'), t)).toBe('An error occurred. Please try again.');
  });
});

type Values = { image_url: string; image_file: File | null };

function renderField(imageUrl = '') {
  globalThis.URL.createObjectURL = vi.fn(() => 'blob:preview');
  globalThis.URL.revokeObjectURL = vi.fn();
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={client}>
      <PermissionsProvider can={permissionsFrom(['content.read', 'media.upload'])}>
        <Form<Values> defaultValues={{ image_url: imageUrl, image_file: null }} onSubmit={() => undefined}>
          <UploadField<Values> fileName="image_file" urlName="image_url" label="Image" previewMaxHeight={300} />
        </Form>
      </PermissionsProvider>
    </QueryClientProvider>,
  );
  return document.querySelector<HTMLInputElement>('input[type="file"]')!;
}

function sized(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('UploadField', () => {
  it('previews the chosen image, capped at 300 px for banners', async () => {
    const input = renderField();
    fireEvent.change(input, { target: { files: [sized('gold.png', 'image/png', 1024)] } });
    const preview = await screen.findByAltText('Preview of gold.png');
    expect(preview).toHaveAttribute('src', 'blob:preview');
    expect(preview).toHaveStyle({ maxHeight: '300px' });
    expect(screen.getByText('New file: gold.png')).toBeInTheDocument();
  });

  it('keeps showing the stored file when nothing new is chosen', () => {
    mockApi({});
    renderField('/media/abc.svg');
    expect(screen.getByAltText('Preview of /media/abc.svg')).toHaveAttribute('src', '/media/abc.svg');
    expect(screen.getByText('Current file')).toBeInTheDocument();
  });

  it('refuses files over 20 MB and other types, in the specification\'s words', async () => {
    const input = renderField();
    fireEvent.change(input, { target: { files: [sized('huge.mp4', 'video/mp4', 20 * 1024 * 1024 + 1)] } });
    expect(await screen.findByText('File is too large. Maximum size allowed is 20MB.', { selector: '.field__error' })).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [sized('notes.txt', 'text/plain', 10)] } });
    await waitFor(() =>
      expect(screen.getByText('Invalid file type. Only JPG, PNG, WebP, AVIF, SVG, MP4, WebM, and OGG are allowed.', { selector: '.field__error' })).toBeInTheDocument(),
    );
    expect(screen.queryByTestId('upload-preview')).not.toBeInTheDocument();
  });

  it('keeps one rejection toast however many files are refused in a row', async () => {
    render(<Toaster />);
    const input = renderField();
    for (const name of ['a.txt', 'b.txt', 'c.txt']) fireEvent.change(input, { target: { files: [sized(name, 'text/plain', 10)] } });
    await waitFor(() => expect(document.querySelectorAll('[data-sonner-toast]').length).toBeGreaterThan(0));
    expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(1);
  });

  it('accepts a file of exactly 20 MB', async () => {
    const input = renderField();
    fireEvent.change(input, { target: { files: [sized('clip.webm', 'video/webm', 20 * 1024 * 1024)] } });
    expect(await screen.findByText('New file: clip.webm')).toBeInTheDocument();
  });

  it('shows how much of the chosen file is sent while it uploads, and locks the dropzone meanwhile', async () => {
    const input = renderField();
    const photo = sized('dunes.jpg', 'image/jpeg', 4_000_000);
    fireEvent.change(input, { target: { files: [photo] } });
    await screen.findByText('New file: dunes.jpg');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    // The dropzone hands the file over after a promise, outside act: React may still hold the
    // effect that points the progress store at the new file, and runs it (reading 42 %) soon after.
    act(() => reportUploadProgress(photo, 0.42));
    const bar = await screen.findByRole('progressbar', { name: 'Upload of dunes.jpg' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(screen.getByTestId('upload-progress')).toHaveTextContent('Uploading dunes.jpg…42%');
    expect(screen.getByRole('button', { name: 'Image' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Discard the new file' })).not.toBeInTheDocument();

    act(() => reportUploadProgress(photo, 1));
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByTestId('upload-progress')).toHaveTextContent('Sent. The server is checking the file…');

    act(() => reportUploadProgress(photo, null));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Image' })).toBeEnabled();
  });
});

describe('UploadField with a stored image', () => {
  const WIDTHS = [160, 480, 800, 1200, 1600, 2400];
  const itemsOf = (list: HTMLElement) => within(list).getAllByRole('listitem').map((item) => item.textContent);

  it('says the sizes are being prepared, then shows them and the facts of the image', async () => {
    let reads = 0;
    mockApi({ 'GET /media/dunes.jpg': () => [200, infoBody(mediaInfo(reads++ < 1 ? 'pending' : 'ready'))] });
    renderField('/media/dunes.jpg');
    const preview = screen.getByTestId('upload-preview');
    expect(await within(preview).findByText('Preparing sizes for phones and screens…')).toBeInTheDocument();
    expect(within(preview).getByRole('img')).toHaveAttribute('src', '/media/dunes.jpg');

    const facts = await within(preview).findByRole('list', { name: 'About this file' });
    expect(itemsOf(facts)).toEqual(['6000 × 4000 px', '8.3 MB', '6 sizes, WebP and JPEG']);
    expect(within(preview).queryByText('Preparing sizes for phones and screens…')).not.toBeInTheDocument();
    const img = within(preview).getByAltText('Preview of /media/dunes.jpg');
    expect(img).toHaveAttribute('src', '/media/dunes-1200w.jpg');
    expect(img).toHaveAttribute('srcset', WIDTHS.map((w) => `/media/dunes-${w}w.jpg ${w}w`).join(', '));
    expect(img).toHaveAttribute('sizes', '(max-width: 460px) 100vw, 420px');
    expect(img).toHaveStyle({ maxHeight: '300px' });
    expect(img.closest('picture')!.querySelector('source[type="image/webp"]')).toHaveAttribute(
      'srcset',
      WIDTHS.map((w) => `/media/dunes-${w}w.webp ${w}w`).join(', '),
    );
  });

  it('shows why the sizes could not be made, and the original', async () => {
    mockApi({ 'GET /media/dunes.jpg': () => [200, infoBody(mediaInfo('failed', { error: 'The image could not be decoded.' }))] });
    renderField('/media/dunes.jpg');
    expect(
      await screen.findByText('The sizes could not be prepared: the original is used as it is. The image could not be decoded.'),
    ).toBeInTheDocument();
    expect(screen.getByAltText('Preview of /media/dunes.jpg')).toHaveAttribute('src', '/media/dunes.jpg');
  });

  it('gives the dimensions of a file used as uploaded', async () => {
    mockApi({ 'GET /media/mark.svg': () => [200, infoBody(mediaInfo('original', { url: '/media/mark.svg', width: 512, height: 512, bytes: 2_400 }))] });
    renderField('/media/mark.svg');
    expect(itemsOf(await screen.findByRole('list', { name: 'About this file' }))).toEqual(['512 × 512 px', '2 KB', 'Used as uploaded']);
  });

  it('shows a file the server has no record of as a plain image, with no note and no error', async () => {
    const { requests } = mockApi({ 'GET /media/old.png': () => [404, { message: 'Not found', errors: {} }] });
    renderField('/media/old.png');
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(screen.getByAltText('Preview of /media/old.png')).toHaveAttribute('src', '/media/old.png');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('in Arabic, keeps the numbers left to right', async () => {
    await i18n.changeLanguage('ar');
    mockApi({ 'GET /media/dunes.jpg': () => [200, infoBody(mediaInfo('ready'))] });
    renderField('/media/dunes.jpg');
    const facts = await screen.findByRole('list', { name: i18n.t('media.factsLabel') });
    expect(itemsOf(facts)).toEqual(['6000 × 4000 بكسل', '8.3 ميغابايت', '6 مقاسات بصيغة WebP وJPEG']);
    expect(facts.querySelector('bdi[dir="ltr"]')).toHaveTextContent(/^6000 × 4000$/);
  });
});
