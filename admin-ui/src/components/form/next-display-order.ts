/**
 * A new item's display order starts at the next free one: one more than the largest of its kind's
 * list (1 for an empty list), so an author never has to invent it. One table says where each kind
 * with a display order keeps its list (ordered by `display_order`, then id). A kind without screens
 * of its own keeps it in its declared list (`GET /kinds`), when it declares a `display_order`
 * number, unless the table names another (client reviews are declared newest first); a kind listed
 * by its parent (`routes.byParent`: a service list item) in its parent's list, so its order follows
 * the parent chosen.
 *
 * The largest is the last item of the ordered list: its first page of one gives the count, the
 * page of one at that count gives the item (two small requests, whatever the list's size).
 */
import { useEffect, useRef } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { getPage } from '@/lib/api-client';
import { byParentRoute, findKind, useKinds } from '@/lib/kinds';
import { isOwnKind, type KindName } from '../lifecycle/api';

type OrderList = {
  /** The list in display order, given the form's values; `null` when they do not name one yet. */
  path: (values: Record<string, unknown>) => string | null;
  /** The field that chooses the list (the service of a service list item: `routes.byParent`). */
  scope?: string;
};

const ORDER_LISTS: Readonly<Record<KindName, OrderList>> = {
  blog: { path: () => '/blog' },
  'client-review': { path: () => '/client-reviewes/display-order' },
};

/** The field every kind with an order calls it. */
export const DISPLAY_ORDER = 'display_order';

/** What chooses a kind's list, if it has one with a display order: from the table, else (not ours) from its declaration. */
export function useOrderList(kind: KindName | undefined): OrderList | undefined {
  const { data } = useKinds();
  if (kind === undefined) return undefined;
  if (Object.hasOwn(ORDER_LISTS, kind)) return ORDER_LISTS[kind];
  if (isOwnKind(kind)) return undefined;
  // Else its declared list, taken to be in display order (the table names the lists of those declared otherwise).
  const declared = findKind(data, kind);
  const ordered = declared?.fields.some((field) => field.name === DISPLAY_ORDER && field.type === 'number');
  if (!declared || !ordered) return undefined;
  const byParent = declared.routes.byParent;
  if (byParent) {
    const parent = (values: Record<string, unknown>) => values[byParent.field];
    return { path: (values) => (parent(values) ? byParentRoute(byParent, String(parent(values))) : null), scope: byParent.field };
  }
  const list = declared.routes.list;
  return list === null ? undefined : { path: () => list };
}

/** One more than the largest display order of the list at `path`; 1 for an empty list. */
export async function getNextDisplayOrder(path: string, signal?: AbortSignal): Promise<number> {
  const first = await getPage<{ display_order?: unknown }>(path, 1, 1, signal);
  if (first.totalCount === 0) return 1;
  const last = first.totalCount === 1 ? first : await getPage<{ display_order?: unknown }>(path, first.totalCount, 1, signal);
  const largest = Number(last.result[0]?.display_order);
  return Number.isInteger(largest) ? largest + 1 : 1;
}

export const getNextDisplayOrderQueryOptions = (path: string) =>
  queryOptions({
    queryKey: ['next-display-order', path] as const,
    queryFn: ({ signal }) => getNextDisplayOrder(path, signal),
    // Read afresh each time a new form opens: another item may have taken the number since.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** The next free order of the list at `path` (no request without one). */
export const useNextDisplayOrder = (path: string | null) =>
  useQuery({ ...getNextDisplayOrderQueryOptions(path ?? ''), enabled: path !== null });

/** The next free order of the list at `path`, read now (a service chosen in the form). */
export const fetchNextDisplayOrder = (client: QueryClient, path: string) => client.fetchQuery(getNextDisplayOrderQueryOptions(path));

/**
 * A new item whose list is chosen in the form (a service list item's service): when another list
 * is chosen, the display order becomes that list's next free one, unless the author typed one.
 */
export function FollowNextOrder({ path, scope }: { path: (values: Record<string, unknown>) => string | null; scope: string }) {
  const client = useQueryClient();
  const { control, getValues, setValue } = useFormContext();
  const chosen: unknown = useWatch({ control, name: scope });
  const followed = useRef(chosen);
  const ours = useRef(String(getValues(DISPLAY_ORDER) ?? ''));
  useEffect(() => {
    if (chosen === followed.current) return;
    followed.current = chosen;
    const list = path(getValues());
    if (!list || String(getValues(DISPLAY_ORDER) ?? '') !== ours.current) return;
    let current = true;
    fetchNextDisplayOrder(client, list).then(
      (next) => {
        // Not if the author typed one meanwhile, or chose yet another list.
        if (!current || String(getValues(DISPLAY_ORDER) ?? '') !== ours.current) return;
        ours.current = String(next);
        setValue(DISPLAY_ORDER, ours.current);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [chosen, client, getValues, path, setValue]);
  return null;
}
