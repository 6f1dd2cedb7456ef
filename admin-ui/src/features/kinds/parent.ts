/**
 * A kind listed only by its parent (`routes.byParent`: a service's list items): the parent chosen
 * among the referenced kind's items (its list, the first of them by default), kept in the address
 * under the parent kind's name (`?service=3`), so the list, its add link, the form it opens and the
 * list a save returns to show the same parent.
 */
import { useSearchParams } from 'react-router';
import { findKind, parentOf, useKinds, type DeclaredKind } from '@/lib/kinds';
import { useReferences } from './api/get-references';
import { nameOf } from './values';

export function useParentChoice(kind: DeclaredKind) {
  const { data: kinds } = useKinds();
  const [params, setParams] = useSearchParams();
  const byParent = parentOf(kind);
  const target = byParent ? findKind(kinds, byParent.references) : undefined;
  const [query] = useReferences(target ? [target] : []);
  if (!byParent) return undefined;
  const { field, references } = byParent;
  const options = target ? (query?.data?.result ?? []).map((item) => ({ id: item.id, name: nameOf(target, item) })) : [];
  const requested = params.get(references);
  const selected = options.find((option) => String(option.id) === requested)?.id ?? options[0]?.id;
  /** Another parent: the status and search kept, back to page 1. */
  const select = (id: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('page');
      next.set(references, String(id));
      return next;
    });
  return {
    /** The reference field naming an item's parent. */
    field,
    /** The parent's kind, as declared (if this admin reads it). */
    target,
    /** Its items, to choose from, and how reading them went. */
    options,
    query: target ? query : undefined,
    isPending: Boolean(target && query?.isPending),
    /** The parent chosen: the address's if it is among them, else the first; none when there is none. */
    selected,
    select,
    /** `path` showing `parent` (`/serviceslist?service=3`), or `path` alone without one. */
    listOf: (path: string, parent: unknown) => (parent === undefined || parent === null || parent === '' ? path : `${path}?${references}=${String(parent)}`),
  };
}
