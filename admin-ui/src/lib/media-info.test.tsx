import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { MEDIA_POLL_MS } from '@/config/constants';
import { infoBody, mediaInfo } from '@/testing/media-info';
import { mockApi } from '@/testing/mock-api';
import { setToken } from './auth-storage';
import { getMediaInfo, mediaName, useMediaInfo } from './media-info';
import { permissionsFrom, PermissionsProvider, type Permission } from './permissions';
import { createQueryClient } from './query-client';

describe('mediaName', () => {
  it.each<[string, string | null, string]>([
    ['/media/0123abcd.jpg', '0123abcd.jpg', 'a stored address'],
    ['http://site.test/media/0123abcd.jpg', '0123abcd.jpg', 'the same, absolute'],
    ['/media/a%20b.png?v=2', 'a b.png', 'decoded, without its query'],
    ['/media/nested/x.png', null, 'not one segment'],
    ['https://images.example.com/x.jpg', null, 'an address elsewhere'],
    ['blob:http://admin.test/5f0c', null, 'a chosen file'],
    ['', null, 'nothing'],
  ])('%s → %s (%s)', (url, name) => {
    expect(mediaName(url)).toBe(name);
  });
});

describe('getMediaInfo', () => {
  it('asks the server by name, with the admin\'s token, and reads the one item', async () => {
    setToken('abc');
    const { requests } = mockApi({ 'GET /media/dunes.jpg': () => [200, infoBody(mediaInfo('ready'))] });
    const info = await getMediaInfo('/media/dunes.jpg');
    expect(info).toMatchObject({ status: 'ready', width: 6000, height: 4000, bytes: 8_300_000 });
    expect(info?.variants).toHaveLength(12);
    expect(requests[0].headers.get('authorization')).toBe('Bearer abc');
    expect(requests[0].headers.get('x-api-key')).toBe('test-key');
  });

  it('answers null for a file the server has no record of, and for an address elsewhere, without asking', async () => {
    const { requests } = mockApi({ 'GET /media/old.png': () => [404, { message: 'Not found', errors: {} }] });
    await expect(getMediaInfo('/media/old.png')).resolves.toBeNull();
    await expect(getMediaInfo('https://images.example.com/x.jpg')).resolves.toBeNull();
    expect(requests).toHaveLength(1);
  });

  it('leaves out what does not fit the contract', async () => {
    mockApi({
      'GET /media/odd.jpg': () => [
        200,
        { responseBody: [{ status: 'ready', width: 'wide', height: null, bytes: 10, variants: [{ url: '/media/odd-160w.webp' }], error: null }] },
      ],
      'GET /media/worse.jpg': () => [200, { responseBody: [{ status: 'sideways' }] }],
    });
    expect(await getMediaInfo('/media/odd.jpg')).toMatchObject({ url: '/media/odd.jpg', width: null, height: null, bytes: 10, variants: [] });
    expect(await getMediaInfo('/media/worse.jpg')).toBeNull();
  });
});

describe('useMediaInfo', () => {
  function withClient(permissions: Permission[] = ['content.read', 'media.upload']) {
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { retry: false } });
    return ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        <PermissionsProvider can={permissionsFrom(permissions)}>{children}</PermissionsProvider>
      </QueryClientProvider>
    );
  }

  it('reads a pending file again until its sizes are ready, then stops', async () => {
    let reads = 0;
    const { requests } = mockApi({
      'GET /media/dunes.jpg': () => [200, infoBody(mediaInfo(reads++ < 1 ? 'pending' : 'ready'))],
    });
    const { result } = renderHook(() => useMediaInfo('/media/dunes.jpg'), { wrapper: withClient() });
    await waitFor(() => expect(result.current.data?.status).toBe('pending'));
    await waitFor(() => expect(result.current.data?.status).toBe('ready'));
    expect(requests).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, MEDIA_POLL_MS + 300));
    expect(requests).toHaveLength(2);
  });

  it('takes a 404 for a plain image: no data, no error', async () => {
    mockApi({ 'GET /media/old.png': () => [404, { message: 'Not found', errors: {} }] });
    const { result } = renderHook(() => useMediaInfo('/media/old.png'), { wrapper: withClient() });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
    expect(result.current.error).toBeNull();
  });

  it('never asks for a role that may not use the media library (a translator): nothing refused, a plain image', () => {
    const { fetchMock } = mockApi({ 'GET /media/dunes.jpg': () => [200, infoBody(mediaInfo('ready'))] });
    const { result } = renderHook(() => useMediaInfo('/media/dunes.jpg'), { wrapper: withClient(['content.read', 'content.edit']) });
    expect(result.current.data).toBeUndefined();
    expect(result.current.fetchStatus).toBe('idle');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does not ask about an address outside /media/', () => {
    const { fetchMock } = mockApi({});
    const { result } = renderHook(() => useMediaInfo('https://images.example.com/x.jpg'), { wrapper: withClient() });
    expect(result.current.data).toBeUndefined();
    expect(result.current.fetchStatus).toBe('idle');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
