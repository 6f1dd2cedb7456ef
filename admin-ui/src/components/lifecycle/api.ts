/**
 * The content lifecycle's API (ARCHITECTURE.md, "Content lifecycle"): the same calls for every
 * kind of public content.
 */
import { formPath, kindFormPath, paths } from '@/config/paths';
import { getOne, request, send, type ItemEnvelope, type ListEnvelope } from '@/lib/api-client';
import { textOfMarkup } from '@/lib/plain-text';

/** The kinds with screens of their own; any other the server declares gets the generic ones. */
export const OWN_KINDS = ['blog', 'banner'] as const;
export type ContentKind = (typeof OWN_KINDS)[number];

/** Any kind of content: one of ours, or one the admin knows from `GET /kinds` alone. */
export type KindName = string;

export const isOwnKind = (kind: KindName): kind is ContentKind => (OWN_KINDS as readonly string[]).includes(kind);

/** The edit form of each kind. */
const FORM_OF: Record<ContentKind, string> = {
  blog: paths.addBlog,
  banner: paths.addBanner,
};

/** Where an item of `kind` is edited: `/addblog/7`, or `/content/destination/7` (`/addservices/7` at its legacy path) for a kind without its own form. */
export const editPath = (kind: KindName, id: number) => (isOwnKind(kind) ? formPath(FORM_OF[kind], id) : kindFormPath(kind, id));

/**
 * The kind of content an audit line or a publish job names by its resource (`service_item`, …);
 * `kindOfResource` (./kinds) finds the kinds declared since (client reviews' resource is `review`).
 */
export const KIND_OF_RESOURCE: Readonly<Record<string, KindName>> = {
  service: 'service',
  service_item: 'service-list',
  blog: 'blog',
  review: 'client-review',
  banner: 'banner',
  general_content: 'general-content',
};

/** What every content record carries beside its own fields. */
export type Lifecycle = {
  id: number;
  status: 'draft' | 'published';
  publish_at: string | null;
  unpublish_at: string | null;
  published_at: string | null;
  /** The time zone the schedule was entered in (an IANA name), to show it in again. */
  schedule_zone?: string | null;
  hasPendingChanges: boolean;
  updated_at: string;
  /** One more on every write; a write sends the version it was based on (`If-Match`). */
  version?: number;
  /** Who made the item and who last changed it (user names; null for the system). */
  created_by?: string | null;
  updated_by?: string | null;
  /** Where its review stands: waiting for an editor, or returned to its author with a note. */
  review?: ReviewState | null;
};

/** An item's review (ARCHITECTURE.md, "Review and translation"). */
export type ReviewState = {
  state: 'waiting' | 'returned';
  /** Who submitted it (waiting) or returned it (returned), and when. */
  by: string | null;
  at: string;
  note: string | null;
  /** Who submitted it. */
  author: string | null;
};

/** What an administrator's read adds about the item's people and review: never one of its fields. */
export const ANNOTATIONS = ['created_by', 'updated_by', 'review'] as const;

/** What a write names an item by: its id and the version it read (sent as `If-Match`). */
export type Versioned = Pick<Lifecycle, 'id' | 'version'>;

/** A record as the lifecycle screens read it: its lifecycle and its own fields. */
export type ContentRecord = Lifecycle & Record<string, unknown>;

export type RevisionSummary = {
  id: number;
  created_at: string;
  author: string | null;
  action: string;
  changed_fields: string[];
};

export type Revision = RevisionSummary & { data: Record<string, unknown> };

/** Where the item stands for a visitor at `now`. */
export type Standing = 'draft' | 'scheduled' | 'live' | 'ended';

export function standing(record: Lifecycle, now = Date.now()): Standing {
  if (record.status === 'draft') return 'draft';
  if (record.unpublish_at && Date.parse(record.unpublish_at) <= now) return 'ended';
  if (record.publish_at && Date.parse(record.publish_at) > now) return 'scheduled';
  return 'live';
}

const base = (kind: KindName, id: number) => `/content/${kind}/${id}`;

export type Acted = { item: ContentRecord; message?: string };

/** A lifecycle action on the item as read at `version` (sent as `If-Match` when known). */
async function act(path: string, version?: number): Promise<Acted> {
  const body = await request<ItemEnvelope<ContentRecord>>(path, { method: 'POST', ifMatch: version });
  return { item: body.responseBody[0], message: body.message };
}

export type Action = (kind: KindName, id: number, version?: number) => Promise<Acted>;

export const publishNow: Action = (kind, id, version) => act(`${base(kind, id)}/publish`, version);
export const unpublishNow: Action = (kind, id, version) => act(`${base(kind, id)}/unpublish`, version);
/** Drops the pending changes: the live version is the item again. */
export const discardChanges: Action = (kind, id, version) => act(`${base(kind, id)}/discard`, version);
export const restoreRevision = (kind: KindName, id: number, revision: number, version?: number) =>
  act(`${base(kind, id)}/revisions/${revision}/restore`, version);
export const undelete: Action = (kind, id, version) => act(`${base(kind, id)}/undelete`, version);

/** The item's change waits for an editor, with `note`; the editors are told. */
export async function submitForReview(kind: KindName, id: number, note: string): Promise<Acted> {
  const body = await request<ItemEnvelope<ContentRecord>>(`${base(kind, id)}/review`, { method: 'POST', body: { note } });
  return { item: body.responseBody[0], message: body.message };
}

/** The item's waiting change goes back to its author with `note` (required). */
export async function returnWithNote(kind: KindName, id: number, note: string): Promise<Acted> {
  const body = await request<ItemEnvelope<ContentRecord>>(`${base(kind, id)}/review/return`, { method: 'POST', body: { note } });
  return { item: body.responseBody[0], message: body.message };
}

export async function getRevisions(kind: KindName, id: number, signal?: AbortSignal): Promise<RevisionSummary[]> {
  const body = await request<ListEnvelope<RevisionSummary>>(`${base(kind, id)}/revisions`, { query: { size: 200 }, signal });
  return body.responseBody.result;
}

export const getRevision = (kind: KindName, id: number, revision: number, signal?: AbortSignal) =>
  getOne<Revision>(`${base(kind, id)}/revisions/${revision}`, signal);

export type Listed = ContentRecord & { kind: KindName; deleted_at?: string };

export async function getScheduled(signal?: AbortSignal): Promise<Listed[]> {
  return (await request<ListEnvelope<Listed>>('/content/scheduled', { signal })).responseBody.result;
}

export async function getDeleted(signal?: AbortSignal): Promise<Listed[]> {
  return (await request<ListEnvelope<Listed>>('/content/deleted', { signal })).responseBody.result;
}

/**
 * The page that shows the item, as HTML (needs the session): with its pending changes, or, given
 * `draft` (what the form would save, in the shape of the kind's update body), with those values.
 * Nothing is saved either way; a draft that breaks a rule is refused with its field errors (400).
 */
export async function previewHtml(kind: KindName, id: number, lang: 'en' | 'ar', signal?: AbortSignal, draft?: unknown): Promise<string> {
  const path = `/preview/${kind}/${id}`;
  const response = await send(path, draft === undefined ? { query: { lang }, signal } : { method: 'POST', query: { lang }, body: draft, signal });
  return response.text();
}

/** A record's name for lists: the first of its naming fields that it has. */
export function titleOf(record: Record<string, unknown>): string {
  for (const key of ['name', 'title', 'banner_name']) {
    const value = record[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return `#${String(record.id)}`;
}

/**
 * The fields the Arabic page falls back to English for: an English text that is filled while its
 * `_ar` twin is empty.
 */
export function missingArabic(record: Record<string, unknown>): string[] {
  return Object.keys(record)
    .filter((key) => key.endsWith('_ar'))
    .filter((key) => {
      const english = record[key.slice(0, -3)];
      const arabic = record[key];
      const filled = (v: unknown) => typeof v === 'string' && textOfMarkup(v) !== '';
      return filled(english) && !filled(arabic);
    })
    .map((key) => key.slice(0, -3));
}

/** The fields of two records that differ (lifecycle bookkeeping left out), in `after`'s order. */
export function differingFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const skip = new Set<string>(['id', 'created_at', 'updated_at', 'published_at', 'hasPendingChanges', 'excerpt', 'excerpt_ar', ...ANNOTATIONS]);
  const blank = (v: unknown) => v === null || v === undefined || v === '';
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return keys.filter((key) => !skip.has(key) && !(before[key] === after[key] || (blank(before[key]) && blank(after[key]))));
}
