/**
 * The typed API client. Every request sends `x-api-key`; requests with a stored token also send
 * `Authorization: Bearer`. Failures throw `ApiError {status, message, errors}`; a 401 on an
 * authenticated request ends the session. A write that names the version it was read at sends it
 * as `If-Match: "N"`; a 409 for an edit made since carries the other edit (`ApiError.conflict`).
 * Whatever else an error body says (a refused delete's `usage`) stays readable in `ApiError.body`.
 */
import { runtimeConfig } from '@/config/runtime';
import { endSession, getToken } from './auth-storage';

export type FieldErrors = Record<string, string>;

/** A 409's account of the edit made since the version a write was based on (ARCHITECTURE.md). */
export type Conflict = {
  /** The version now: a write against it goes through. */
  version: number;
  by: string | null;
  at: string | null;
  /** The fields changed since. */
  fields: string[];
  /** The record as it is now, as the admin reads it. */
  current: Record<string, unknown>;
};

export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors;
  /** True when `message` came from the server's error body (not a network failure). */
  readonly fromServer: boolean;
  /** A sign-in whose password was right: the account's second factor (a code) is needed. */
  readonly twoFactorRequired: boolean;
  /** A 409 to a write based on an old version: what changed since. */
  readonly conflict?: Conflict;
  /** The whole error body as sent (an object), for what only one endpoint adds (a refused delete's `usage`). */
  readonly body: Record<string, unknown>;

  constructor(
    status: number,
    message: string,
    errors: FieldErrors = {},
    fromServer = true,
    twoFactorRequired = false,
    conflict?: Conflict,
    body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.fromServer = fromServer;
    this.twoFactorRequired = twoFactorRequired;
    this.conflict = conflict;
    this.body = body;
  }
}

/** The conflict of a failed write, when it failed because someone else wrote first. */
export function conflictOf(error: unknown): Conflict | undefined {
  return error instanceof ApiError && error.status === 409 ? error.conflict : undefined;
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
  /** The version the write is based on: sent as `If-Match: "N"`. */
  ifMatch?: number;
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

export function apiHeaders(json: boolean, ifMatch?: number): Headers {
  const headers = new Headers({ accept: 'application/json', 'x-api-key': runtimeConfig().apiKey });
  // The server answers in the admin's language (its messages come from the same table).
  headers.set('accept-language', typeof document !== 'undefined' && document.documentElement.lang === 'ar' ? 'ar' : 'en');
  if (json) headers.set('content-type', 'application/json');
  if (ifMatch !== undefined) headers.set('if-match', `"${ifMatch}"`);
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
  let conflict: Conflict | undefined;
  let raw: Record<string, unknown> = {};
  try {
    const body = JSON.parse(text) as { message?: unknown; errors?: unknown; twoFactorRequired?: unknown; conflict?: unknown } | null;
    if (typeof body?.message === 'string') message = body.message;
    if (body?.errors && typeof body.errors === 'object') errors = body.errors as FieldErrors;
    twoFactorRequired = body?.twoFactorRequired === true;
    conflict = parseConflict(body?.conflict);
    if (body && typeof body === 'object' && !Array.isArray(body)) raw = body as Record<string, unknown>;
  } catch {
    // Not JSON: keep the status only.
  }
  if (status === 401 && sentToken) endSession();
  return new ApiError(status, message, errors, message !== '', twoFactorRequired, conflict, raw);
}

function parseConflict(value: unknown): Conflict | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const raw = value as Record<string, unknown>;
  if (typeof raw.version !== 'number') return undefined;
  return {
    version: raw.version,
    by: typeof raw.by === 'string' ? raw.by : null,
    at: typeof raw.at === 'string' ? raw.at : null,
    fields: Array.isArray(raw.fields) ? raw.fields.filter((f): f is string => typeof f === 'string') : [],
    current: raw.current && typeof raw.current === 'object' ? (raw.current as Record<string, unknown>) : {},
  };
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
  const headers = apiHeaders(options.body !== undefined, options.ifMatch);
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

/**
 * The version a write body names (the content form puts the version it read beside the fields),
 * taken out of the body to travel as `If-Match`. A body may be the record or an array holding it.
 */
export function splitVersion(body: unknown): { body: unknown; version?: number } {
  const record = Array.isArray(body) ? (body[0] as unknown) : body;
  if (!record || typeof record !== 'object' || !('version' in record)) return { body };
  const { version, ...rest } = record as { version?: unknown };
  const stripped = Array.isArray(body) ? [rest, ...body.slice(1)] : rest;
  return { body: stripped, version: typeof version === 'number' ? version : undefined };
}

export async function save<T>(method: 'POST' | 'PUT', path: string, payload: unknown): Promise<Saved<T>> {
  const { body, version } = splitVersion(payload);
  const envelope = await request<ItemEnvelope<T>>(path, { method, body, ifMatch: version });
  return { item: envelope.responseBody?.[0] as T, message: envelope.message };
}

export async function remove(path: string, version?: number): Promise<Deleted> {
  const envelope = await request<DeletedEnvelope>(path, { method: 'DELETE', ifMatch: version });
  return { id: envelope.responseBody?.id, message: envelope.message };
}
