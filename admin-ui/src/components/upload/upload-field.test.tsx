import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import type { FileRejection } from 'react-dropzone';
import { Form } from '@/components/form/form';
import { i18n } from '@/lib/i18n';
import { rejectionMessage, UploadField } from './upload-field';

const rejected = (...codes: string[]): FileRejection[] => [
  { file: Object.assign(new File([''], 'x'), { path: 'x', relativePath: 'x' }), errors: codes.map((code) => ({ code, message: code })) },
];
const t = (key: 'upload.invalidType' | 'upload.tooLarge' | 'upload.otherError') => i18n.t(key);

describe('dropzone rejections', () => {
  it('names the problem in the specification\'s words', () => {
    expect(rejectionMessage(rejected('file-invalid-type'), t)).toBe(
      'Invalid file type. Only JPG, PNG, SVG, MP4, WebM, and OGG are allowed.',
    );
    expect(rejectionMessage(rejected('file-too-large'), t)).toBe('File is too large. Maximum size allowed is 20MB.');
    expect(rejectionMessage(rejected('too-many-files'), t)).toBe('An error occurred. Please try again.');
  });
});

type Values = { image_url: string; image_file: File | null };

function renderField(imageUrl = '') {
  globalThis.URL.createObjectURL = vi.fn(() => 'blob:preview');
  globalThis.URL.revokeObjectURL = vi.fn();
  render(
    <Form<Values> defaultValues={{ image_url: imageUrl, image_file: null }} onSubmit={() => undefined}>
      <UploadField<Values> fileName="image_file" urlName="image_url" label="Image" previewMaxHeight={300} />
    </Form>,
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
      expect(screen.getByText('Invalid file type. Only JPG, PNG, SVG, MP4, WebM, and OGG are allowed.', { selector: '.field__error' })).toBeInTheDocument(),
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
});
