import { mockApi } from '@/testing/mock-api';
import { ApiError, conflictOf, getOne, getPage, messageOr, remove, request, RequestNotSentError, save } from './api-client';
import { getToken, onSessionEnd, setToken } from './auth-storage';

describe('the API client', () => {
  it('sends the API key on every request and the bearer token when signed in', async () => {
    const { requests } = mockApi({ 'GET /blog': () => [200, { responseBody: { result: [], totalCount: 0 } }] });
    await getPage('/blog', 1, 10);
    expect(requests[0].headers.get('x-api-key')).toBe('test-key');
    expect(requests[0].headers.get('authorization')).toBeNull();
    expect(requests[0].search).toBe('?page=1&size=10');

    setToken('abc');
    await getPage('/blog', 2, 10);
    expect(requests[1].headers.get('authorization')).toBe('Bearer abc');
  });

  it('sends a list\'s filters beside page and size, leaving out the unset ones', async () => {
    const { requests } = mockApi({ 'GET /contact-us': () => [200, { responseBody: { result: [], totalCount: 0 } }] });
    await getPage('/contact-us', 1, 10, undefined, { status: 'new', q: 'amira haddad', lang: undefined });
    expect(requests[0].search).toBe('?page=1&size=10&status=new&q=amira+haddad');
  });

  it('reads lists, single items (the first element) and saves with the server\'s message', async () => {
    mockApi({
      'GET /blog': () => [200, { responseBody: { result: [{ id: 1 }, { id: 2 }], totalCount: 12 } }],
      'GET /blog/1': () => [200, { responseBody: [{ id: 1, name: 'One' }] }],
      'POST /blog': ({ body }) => [201, { responseBody: [{ id: 3, ...(body as object) }], message: 'Blog added successfully' }],
      'DELETE /blog/3': () => [200, { responseBody: { id: 3 }, message: 'Blog deleted successfully' }],
    });
    expect(await getPage('/blog', 1, 10)).toEqual({ result: [{ id: 1 }, { id: 2 }], totalCount: 12 });
    expect(await getOne('/blog/1')).toEqual({ id: 1, name: 'One' });
    expect(await save('POST', '/blog', { name: 'Three' })).toEqual({
      item: { id: 3, name: 'Three' },
      message: 'Blog added successfully',
    });
    expect(await remove('/blog/3')).toEqual({ id: 3, message: 'Blog deleted successfully' });
  });

  it('throws ApiError with the status, message and field errors of the error body', async () => {
    mockApi({
      'POST /blog': () => [400, { message: 'Please enter the title', errors: { name: 'Please enter the title' } }],
    });
    const error = await save('POST', '/blog', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Please enter the title', errors: { name: 'Please enter the title' } });
    expect(messageOr(error, 'Error adding blog')).toBe('Please enter the title');
  });

  it('falls back to the caller\'s text when the network fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    const error = await request('/blog').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, fromServer: false });
    expect(messageOr(error, 'Error adding blog')).toBe('Error adding blog');
  });

  it('sends nothing when the body cannot be serialised, and says so (not a network failure)', async () => {
    const { fetchMock } = mockApi({});
    const cyclic: Record<string, unknown> = { name: 'Loop' };
    cyclic.self = cyclic;
    const error = await save('POST', '/blog', cyclic).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestNotSentError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ends the session on a 401 to an authenticated request', async () => {
    mockApi({ 'GET /subscription': () => [401, { message: 'Please sign in again', errors: {} }] });
    setToken('expired');
    const ended = vi.fn();
    const stop = onSessionEnd(ended);
    await expect(getPage('/subscription', 1, 10)).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
    expect(ended).toHaveBeenCalledOnce();
    stop();
  });

  it('leaves the session alone on a 401 without a token (a wrong password)', async () => {
    mockApi({ 'POST /authenticate': () => [401, { message: 'Invalid username or password.', errors: {} }] });
    const ended = vi.fn();
    const stop = onSessionEnd(ended);
    await expect(request('/authenticate', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 401 });
    expect(ended).not.toHaveBeenCalled();
    stop();
  });

  it('sends the version a write names as If-Match, out of the body (a record or an array holding it)', async () => {
    const { requests } = mockApi({
      'PUT /blog/1': () => [200, { responseBody: [{ id: 1, version: 4 }] }],
      'PUT /flashy-banner/update-flashy-banner-by-id/5': () => [200, { responseBody: [{ id: 5, version: 8 }] }],
      'DELETE /blog/1': () => [200, { responseBody: { id: 1 } }],
    });
    await save('PUT', '/blog/1', { name: 'One', version: 3 });
    await save('PUT', '/flashy-banner/update-flashy-banner-by-id/5', [{ title: 'Eid', version: 7 }]);
    await remove('/blog/1', 4);
    await save('PUT', '/blog/1', { name: 'One' });
    expect(requests.map((r) => r.headers.get('if-match'))).toEqual(['"3"', '"7"', '"4"', null]);
    expect(requests[0].body).toEqual({ name: 'One' });
    expect(requests[1].body).toEqual([{ title: 'Eid' }]);
  });

  it('reads the conflict of a 409: who, when, which fields, the record now', async () => {
    const current = { id: 1, name: 'Theirs', version: 4 };
    mockApi({
      'PUT /blog/1': () => [
        409,
        {
          message: 'Someone else changed this since you opened it.',
          errors: {},
          conflict: { version: 4, by: 'sara', at: '2027-03-01T06:02:00Z', fields: ['name'], current },
        },
      ],
    });
    const error = await save('PUT', '/blog/1', { name: 'Mine', version: 3 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, message: 'Someone else changed this since you opened it.' });
    expect(conflictOf(error)).toEqual({ version: 4, by: 'sara', at: '2027-03-01T06:02:00Z', fields: ['name'], current });
    expect(conflictOf(new ApiError(409, 'Conflict'))).toBeUndefined();
  });
});
