import { mockApi } from '@/testing/mock-api';
import { isVideo, uploadFile } from './upload';

describe('uploadFile', () => {
  const file = new File(['png'], 'gold.png', { type: 'image/png' });

  it('posts the file as multipart field `file` and returns responseData', async () => {
    const { requests, fetchMock } = mockApi({
      'POST /blob-upload': () => [200, { status: 200, responseData: 'http://site.test/media/ab12.png' }],
    });
    await expect(uploadFile(file)).resolves.toBe('http://site.test/media/ab12.png');
    const body = fetchMock.mock.calls[0][1]?.body as FormData;
    expect(body.get('file')).toBeInstanceOf(File);
    expect(requests[0].headers.get('content-type')).toBeNull();
  });

  it('fails on the server\'s 413 and 415 with their message', async () => {
    mockApi({ 'POST /blob-upload': () => [415, { message: 'Invalid file type. Only JPG, PNG, SVG, MP4, WebM, and OGG are allowed.' }] });
    await expect(uploadFile(file)).rejects.toMatchObject({ status: 415, message: expect.stringContaining('Invalid file type') });
  });

  it('fails when the response is not status 200 with an address', async () => {
    mockApi({ 'POST /blob-upload': () => [200, { status: 500, responseData: '' }] });
    await expect(uploadFile(file)).rejects.toMatchObject({ fromServer: false });
  });
});

describe('isVideo', () => {
  it('tells videos from images by file type or address', () => {
    expect(isVideo(new File([''], 'a.webm', { type: 'video/webm' }))).toBe(true);
    expect(isVideo('/media/abc.mp4')).toBe(true);
    expect(isVideo('/media/abc.ogg?x=1')).toBe(true);
    expect(isVideo('/media/abc.svg')).toBe(false);
  });
});
