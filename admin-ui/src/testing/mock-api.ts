/**
 * A stand-in for the API in component tests: routes `METHOD /path` to a handler returning
 * `[status, body]`, and records every request. Uploads (sent with `XMLHttpRequest`) go through
 * it too; their handler may tell how much is sent with `progress(share)`. Unless a test says
 * otherwise, the signed-in administrator is an owner (`GET /account`) and of the kinds of content
 * the admin has no screens for the server declares services, client reviews, general content and
 * service list items alone (`GET /kinds`), which the admin serves at their legacy paths.
 */
import { vi } from 'vitest';
import type { Permission, Role } from '@/lib/permissions';
import { FetchXhr, type ProgressInit } from './fake-xhr';
import clientReview from './kinds-client-review.json';
import generalContent from './kinds-general-content.json';
import serviceList from './kinds-service-list.json';
import service from './kinds-service.json';
import { PERMISSIONS_OF } from './roles';

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

/** `GET /account` of an administrator with `role` and the permissions the server gives it. */
export function accountAnswer(role: Role = 'owner', username = 'amira', permissions: readonly Permission[] = PERMISSIONS_OF[role]): [number, unknown] {
  const account = { username, totpEnabled: false, mustChangePassword: false, totpRequired: false, role, permissions };
  return [200, { responseBody: [account] }];
}

const DEFAULT_ROUTES: Record<string, Handler> = {
  'GET /account': () => accountAnswer(),
  // Services, client reviews, general content and service list items beside those with screens of their own, unless a test declares others (`kindsAnswer`).
  'GET /kinds': () => [200, list([service, serviceList, clientReview, generalContent])],
  // The review queue the menu counts (editors and owners): empty unless a test fills it.
  'GET /review': () => [200, list([])],
  // The start page of those who do not publish: nothing waits unless a test says so.
  'GET /account/today': () => [200, { responseBody: [{ counts: {}, mine: [] }] }],
};

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
    const handler = routes[`${method} ${path}`] ?? DEFAULT_ROUTES[`${method} ${path}`];
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
