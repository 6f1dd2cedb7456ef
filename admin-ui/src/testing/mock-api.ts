/**
 * A stand-in for the API in component tests: routes `METHOD /path` to a handler returning
 * `[status, body]`, and records every request. Uploads (sent with `XMLHttpRequest`) go through
 * it too; their handler may tell how much is sent with `progress(share)`.
 */
import { vi } from 'vitest';
import { FetchXhr, type ProgressInit } from './fake-xhr';

export type Recorded = {
  method: string;
  path: string;
  search: string;
  headers: Headers;
  body: unknown;
  /** An upload's progress, 0 to 1 (a no-op for other requests). */
  progress: (share: number) => void;
};
type Handler = (request: Recorded) => [number, unknown] | Promise<[number, unknown]>;

export function mockApi(routes: Record<string, Handler>) {
  const requests: Recorded[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: ProgressInit) => {
    const url = new URL(String(input), 'http://admin.test');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, '');
    let body: unknown = init?.body;
    if (typeof body === 'string') body = JSON.parse(body);
    const progress = init?.uploadProgress ?? (() => undefined);
    const recorded = { method, path, search: url.search, headers: new Headers(init?.headers), body, progress };
    requests.push(recorded);
    const handler = routes[`${method} ${path}`];
    const [status, payload] = handler ? await handler(recorded) : [404, { message: 'Not found', errors: {} }];
    return new Response(payload === undefined ? null : JSON.stringify(payload), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', FetchXhr);
  return { requests, fetchMock };
}

export const list = <T>(result: T[], totalCount = result.length) => ({ responseBody: { result, totalCount } });
