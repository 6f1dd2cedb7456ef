import { mockApi } from '@/testing/mock-api';
import { ApiError } from './api-client';
import { getToken, onSessionEnd, setToken } from './auth-storage';
import { isVideo, uploadFile } from './upload';

describe('uploadFile', () => {
  const file = new File(['png'], 'gold.png', { type: 'image/png' });

  it('posts the file as multipart field `file` with the client\'s headers and returns responseData', async () => {
    setToken('abc');
    const { requests } = mockApi({
      'POST /blob-upload': () => [200, { status: 200, responseData: 'http://site.test/media/ab12.png' }],
    });
    await expect(uploadFile(file)).resolves.toBe('http://site.test/media/ab12.png');
    const [sent] = requests;
    expect(sent.path).toBe('/blob-upload');
    expect((sent.body as FormData).get('file')).toBeInstanceOf(File);
    expect(sent.headers.get('x-api-key')).toBe('test-key');
    expect(sent.headers.get('authorization')).toBe('Bearer abc');
    expect(sent.headers.get('accept-language')).toBe('en');
    // The browser writes the multipart boundary itself.
    expect(sent.headers.get('content-type')).toBeNull();
  });

  it('tells how much is sent as it goes, ending at all of it', async () => {
    mockApi({
      'POST /blob-upload': ({ progress }) => {
        progress(0.25);
        progress(0.5);
        return [200, { status: 200, responseData: '/media/ab12.png' }];
      },
    });
    const shares: number[] = [];
    const photo = new File(['x'.repeat(1000)], 'dunes.jpg', { type: 'image/jpeg' });
    await uploadFile(photo, { onProgress: (share) => shares.push(share) });
    expect(shares).toEqual([0, 0.25, 0.5, 1]);
  });

  it('fails on the server\'s 400, 413 and 415 with their message and field errors', async () => {
    mockApi({ 'POST /blob-upload': () => [415, { message: 'Invalid file type. Only JPG, PNG, WebP, AVIF, SVG, MP4, WebM, and OGG are allowed.' }] });
    await expect(uploadFile(file)).rejects.toMatchObject({ status: 415, message: expect.stringContaining('Invalid file type'), fromServer: true });

    mockApi({ 'POST /blob-upload': () => [400, { message: 'The image is over 40 megapixels.', errors: { file: 'The image is over 40 megapixels.' } }] });
    const error = await uploadFile(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'The image is over 40 megapixels.', errors: { file: 'The image is over 40 megapixels.' } });
  });

  it('fails when the response is not status 200 with an address', async () => {
    mockApi({ 'POST /blob-upload': () => [200, { status: 500, responseData: '' }] });
    await expect(uploadFile(file)).rejects.toMatchObject({ fromServer: false });
  });

  it('fails as a network failure when nothing answers', async () => {
    mockApi({
      'POST /blob-upload': () => {
        throw new TypeError('offline');
      },
    });
    await expect(uploadFile(file)).rejects.toMatchObject({ status: 0, fromServer: false });
  });

  it('ends the session on a 401 to a signed-in upload', async () => {
    mockApi({ 'POST /blob-upload': () => [401, { message: 'Please sign in again', errors: {} }] });
    setToken('expired');
    const ended = vi.fn();
    const stop = onSessionEnd(ended);
    await expect(uploadFile(file)).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
    expect(ended).toHaveBeenCalledOnce();
    stop();
  });

  it('stops when its signal is aborted', async () => {
    let answer: (value: [number, unknown]) => void = () => undefined;
    mockApi({ 'POST /blob-upload': () => new Promise((resolve) => (answer = resolve)) });
    const controller = new AbortController();
    const upload = uploadFile(file, { signal: controller.signal });
    controller.abort();
    answer([200, { status: 200, responseData: '/media/late.png' }]);
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
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
