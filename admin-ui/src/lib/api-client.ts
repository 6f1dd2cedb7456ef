/**
 * The typed API client. Every request sends `x-api-key`; requests with a stored token also send
 * `Authorization: Bearer`. Failures throw `ApiError {status, message, errors}`; a 401 on an
 * authenticated request ends the session.
 */
import { runtimeConfig } from '@/config/runtime';
import { endSession, getToken } from './auth-storage';

export type FieldErrors = Record<string, string>;

export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors;
  /** True when `message` came from the server's error body (not a network failure). */
  readonly fromServer: boolean;
  /** A sign-in whose password was right: the account's second factor (a code) is needed. */
  readonly twoFactorRequired: boolean;

  constructor(status: number, message: string, errors: FieldErrors = {}, fromServer = true, twoFactorRequired = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.fromServer = fromServer;
    this.twoFactorRequired = twoFactorRequired;
  }
}

/** A request that could not be built (its body does not serialise to JSON): nothing was sent. */
export class RequestNotSentError extends Error {
  constructor(cause: unknown) {
    super('The request could not be built', { cause });
    this.name = 'RequestNotSentError';
  }
}

/** The server's message when it sent one, else `fallback`. */
export function messageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer && error.message ? error.message : fallback;
}

export type ListEnvelope<T> = { responseBody: { result: T[]; totalCount: number } };
export type ItemEnvelope<T> = { responseBody: T[]; message?: string };
export type DeletedEnvelope = { responseBody: { id: number }; message?: string };

export type Paged<T> = { result: T[]; totalCount: number };
/** What a create or update returns: the saved record and the server's message. */
export type Saved<T> = { item: T; message?: string };
export type Deleted = { id: number; message?: string };

/** Query parameters; `undefined` ones are left out of the address. */
export type Query = Record<string, string | number | undefined>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  /** Sent as multipart instead of JSON. */
  form?: FormData;
  signal?: AbortSignal;
};

export function apiUrl(path: string, query?: Query): string {
  const { apiBase } = runtimeConfig();
  const url = `${apiBase}${path.startsWith('/') ? path : `/${path}`}`;
  const params = new URLSearchParams();
  Object.entries(query ?? {}).forEach(([key, value]) => {
    if (value !== undefined) params.set(key, String(value));
  });
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

export function apiHeaders(json: boolean): Headers {
  const headers = new Headers({ accept: 'application/json', 'x-api-key': runtimeConfig().apiKey });
  // The server answers in the admin's language (its messages come from the same table).
  headers.set('accept-language', typeof document !== 'undefined' && document.documentElement.lang === 'ar' ? 'ar' : 'en');
  if (json) headers.set('content-type', 'application/json');
  const token = getToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  return headers;
}

/**
 * The `ApiError` of a failed answer from its status and body text (the error body
 * `{message, errors}`); a 401 to a request that carried a token ends the session.
 */
export function errorFromBody(status: number, text: string, sentToken: boolean): ApiError {
  let message = '';
  let errors: FieldErrors = {};
  let twoFactorRequired = false;
  try {
    const body = JSON.parse(text) as { message?: unknown; errors?: unknown; twoFactorRequired?: unknown } | null;
    if (typeof body?.message === 'string') message = body.message;
    if (body?.errors && typeof body.errors === 'object') errors = body.errors as FieldErrors;
    twoFactorRequired = body?.twoFactorRequired === true;
  } catch {
    // Not JSON: keep the status only.
  }
  if (status === 401 && sentToken) endSession();
  return new ApiError(status, message, errors, message !== '', twoFactorRequired);
}

async function errorFrom(response: Response, sentToken: boolean): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  return errorFromBody(response.status, text, sentToken);
}

/** A body that cannot be serialised is not a network failure: it stops before sending. */
function jsonBody(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch (cause) {
    throw new RequestNotSentError(cause);
  }
}

/** Sends a request and returns the raw response when it succeeded. */
export async function send(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers = apiHeaders(options.body !== undefined);
  const sentToken = headers.has('authorization');
  const body = options.form ?? (options.body !== undefined ? jsonBody(options.body) : undefined);
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, '', {}, false);
  }
  if (!response.ok) throw await errorFrom(response, sentToken);
  return response;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** One page of a list; `filters` go beside `page` and `size` (e.g. `status`, `q`). */
export async function getPage<T>(path: string, page: number, size: number, signal?: AbortSignal, filters: Query = {}): Promise<Paged<T>> {
  const body = await request<ListEnvelope<T>>(path, { query: { page, size, ...filters }, signal });
  return { result: body.responseBody?.result ?? [], totalCount: body.responseBody?.totalCount ?? 0 };
}

/** A single-item response: `{"responseBody": [item]}`; the first element is the record. */
export async function getOne<T>(path: string, signal?: AbortSignal): Promise<T> {
  const body = await request<ItemEnvelope<T>>(path, { signal });
  const item = body.responseBody?.[0];
  if (item === undefined) throw new ApiError(404, 'Not found', {}, true);
  return item;
}

export async function save<T>(method: 'POST' | 'PUT', path: string, body: unknown): Promise<Saved<T>> {
  const envelope = await request<ItemEnvelope<T>>(path, { method, body });
  return { item: envelope.responseBody?.[0] as T, message: envelope.message };
}

export async function remove(path: string): Promise<Deleted> {
  const envelope = await request<DeletedEnvelope>(path, { method: 'DELETE' });
  return { id: envelope.responseBody?.id, message: envelope.message };
}
