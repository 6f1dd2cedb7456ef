/**
 * Test fixtures: the running server (from the global setup), a typed API helper that signs in
 * once per worker, and `adminPage`, a page whose local storage already holds a session token.
 */
import { readFileSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_USER, STATE_FILE } from './env';

type ServerState = { baseURL: string; apiKey: string; dataDir: string };

export class Api {
  constructor(
    readonly server: ServerState,
    readonly token: string,
  ) {}

  async call<T = unknown>(method: string, path: string, body?: unknown, auth = true): Promise<{ status: number; json: T }> {
    const headers: Record<string, string> = { 'x-api-key': this.server.apiKey, accept: 'application/json' };
    if (auth) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.server.baseURL}/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: (text ? JSON.parse(text) : null) as T };
  }

  /** Creates a record and returns it (`{"responseBody": [item]}`). */
  async create<T = { id: number }>(path: string, body: unknown): Promise<T> {
    const { status, json } = await this.call<{ responseBody: T[]; message: string }>('POST', path, body);
    if (status !== 201 && status !== 200) throw new Error(`POST ${path}: ${status} ${JSON.stringify(json)}`);
    return json.responseBody[0];
  }

  async list<T = { id: number }>(path: string, page = 1, size = 10): Promise<{ result: T[]; totalCount: number }> {
    const sep = path.includes('?') ? '&' : '?';
    const { status, json } = await this.call<{ responseBody: { result: T[]; totalCount: number } }>('GET', `${path}${sep}page=${page}&size=${size}`);
    if (status !== 200) throw new Error(`GET ${path}: ${status}`);
    return json.responseBody;
  }
}

export function readServer(): ServerState {
  return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as ServerState;
}

export async function signIn(server: ServerState): Promise<string> {
  const response = await fetch(`${server.baseURL}/api/v1/authenticate`, {
    method: 'POST',
    headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN_USER, password: ADMIN_PASSWORD }),
  });
  const body = (await response.json()) as { responseBody?: { token?: string } };
  const token = body.responseBody?.token;
  if (!token) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(body)}`);
  return token;
}

/** A short unique suffix so rows made by one test are told apart from every other. */
export const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

type WorkerFixtures = { server: ServerState; api: Api };
type TestFixtures = { adminPage: Page };

export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [async ({}, use) => use(readServer()), { scope: 'worker' }],
  api: [async ({ server }, use) => use(new Api(server, await signIn(server))), { scope: 'worker' }],
  baseURL: async ({ server }, use) => use(server.baseURL),
  adminPage: async ({ page, api }, use) => {
    await page.addInitScript((token) => {
      if (!window.sessionStorage.getItem('e2e-signed-in')) {
        window.localStorage.setItem('concierge.admin.token', token);
        window.sessionStorage.setItem('e2e-signed-in', '1');
      }
    }, api.token);
    await use(page);
  },
});

export { expect };
