/**
 * The content model as the server declares it (`GET /kinds`): every kind of content with its
 * fields (type, label in both languages, bound, required, Arabic twin), its routes and the
 * columns of its list. A kind the admin has no screens of its own for is listed, edited and
 * named from this alone, so a kind added on the server needs no change here. Read once a
 * session, and only by those who may read content.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TKey } from '@/locales/types';
import { request, type ListEnvelope } from './api-client';
import { i18n } from './i18n';
import { usePermissions } from './permissions';

/** A text in both languages, as the server writes it. */
export type Bilingual = { en: string; ar: string };

/** What a field holds, and so how it is edited and shown. */
export type FieldType = 'text' | 'textarea' | 'richtext' | 'image' | 'number' | 'select' | 'reference' | 'keyValues' | 'date' | 'colour';

export type DeclaredField = {
  name: string;
  type: FieldType;
  required: boolean;
  /** The most characters it takes, where its form bounds it. */
  max: number | null;
  /** The field holding its Arabic text (an English field only). */
  twin: string | null;
  label: Bilingual;
  /** A `select`'s choices. */
  options?: { value: string; label: Bilingual }[];
  /** A `reference`'s kind: its items are that kind's list. */
  references?: string;
};

/**
 * The list of one parent's items, for a kind listed only by its parent (a service's list items):
 * `path` with `{param}` standing for the parent's id, and the reference field (`field`, whose
 * `references` names the parent's kind) that names an item's parent.
 */
export type ByParent = { path: string; param: string; field: string };

export type DeclaredKind = {
  /** Its name in the lifecycle's paths (`/content/{kind}/…`). */
  kind: string;
  /** Its collection: a new item is POSTed here. */
  path: string;
  /** Its form in the table of rules (`rules/forms.json`). */
  form: string;
  /** What a list of its items is called ("Destinations"). */
  label: Bilingual;
  /** What one item is called ("Destination"). */
  one: Bilingual;
  /**
   * `{id}` stands for an item's id; with `oneInArray` a save's body is `[item]`. `list` is `null`
   * for a kind whose every list is one parent's (`byParent`).
   */
  routes: { list: string | null; byParent?: ByParent | null; read: string; update: string; delete: string; oneInArray: boolean };
  fields: DeclaredField[];
  /** The fields its list shows (or `created_at` / `updated_at`). */
  listColumns: string[];
  lifecycle: boolean;
  site: { list: string; item: string } | null;
  /** The name its audit lines and publish jobs give it, when the server says (else its kind). */
  resource?: string;
};

export async function getKinds(signal?: AbortSignal): Promise<DeclaredKind[]> {
  const body = await request<ListEnvelope<DeclaredKind>>('/kinds', { signal });
  return body.responseBody?.result ?? [];
}

export const kindsQueryOptions = () =>
  // The model changes only with a new server: once a session is enough.
  queryOptions({ queryKey: ['kinds'] as const, queryFn: ({ signal }) => getKinds(signal), staleTime: Infinity, gcTime: Infinity });

/** Every declared kind; never asked by a role that may not read content (it gets none). */
export function useKinds() {
  const { can } = usePermissions();
  return useQuery({ ...kindsQueryOptions(), enabled: can('content.read') });
}

export const findKind = (kinds: readonly DeclaredKind[] | undefined, name: string | undefined) =>
  name === undefined ? undefined : kinds?.find((kind) => kind.kind === name);

/** `text` in the admin's language. */
export const inLanguage = (text: Bilingual, language: string) => (language === 'ar' ? text.ar : text.en);

/** A route with its item: `/destinations/{id}` → `/destinations/7`. */
export const itemRoute = (route: string, id: number) => route.replace('{id}', String(id));

/** The fields of the Arabic tab: those another field names as its twin. */
export const arabicFieldsOf = (kind: DeclaredKind): string[] => kind.fields.flatMap((field) => (field.twin ? [field.twin] : []));

/**
 * The word the locale gives `kind` for `key` in `language` (`kinds.words.<kind>.<key>`), if it
 * gives one: a kind the generic screens took over from screens of its own keeps their words, where
 * the templates of `kinds.*` (`addTitle`, `toast.added`, …), its declared name (`label`) or a
 * field's declared label (`fields.<name>`) say otherwise.
 */
export function ownWord(kind: string, key: string, language: string): string | undefined {
  const path = `kinds.words.${kind}.${key}`;
  return i18n.exists(path, { lng: language }) ? i18n.t(path as TKey, { lng: language }) : undefined;
}

/** What the list of `kind` is called in `language`: its own word, else as declared. */
export const kindLabel = (kind: DeclaredKind, language: string) => ownWord(kind.kind, 'label', language) ?? inLanguage(kind.label, language);

/** What one item of `kind` is called in `language`: its own word, else as declared. */
export const kindOne = (kind: DeclaredKind, language: string) => ownWord(kind.kind, 'one', language) ?? inLanguage(kind.one, language);

/** The label of `field` of `kind` in `language`: its own word, else as declared. */
export const fieldLabelOf = (kind: DeclaredKind, field: DeclaredField, language: string) =>
  ownWord(kind.kind, `fields.${field.name}`, language) ?? inLanguage(field.label, language);

/** The label of `name` of `kind` in `language`, if the kind declares the field. */
export function declaredLabel(kind: DeclaredKind | undefined, name: string, language: string): string | undefined {
  const field = kind?.fields.find((f) => f.name === name);
  return kind && field ? fieldLabelOf(kind, field, language) : undefined;
}

/** The list of `kind` listed by its parent, as the parent `kind` (`references`) and the field naming it, if it is so listed. */
export function parentOf(kind: DeclaredKind): (ByParent & { references: string }) | undefined {
  const byParent = kind.routes.byParent;
  const references = byParent ? kind.fields.find((field) => field.name === byParent.field)?.references : undefined;
  return byParent && references ? { ...byParent, references } : undefined;
}

/** The list of one parent's items: `/list-of-services/display-order/{serviceId}` → `…/display-order/3`. */
export const byParentRoute = (byParent: ByParent, parent: number | string) => byParent.path.replace(`{${byParent.param}}`, String(parent));
