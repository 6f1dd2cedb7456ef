import type { FileRejection } from 'react-dropzone';
import { i18n } from '@/lib/i18n';
import { rejectionMessage } from './upload-field';

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
