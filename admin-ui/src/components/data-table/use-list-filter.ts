import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** Where a content item stands, as the lists filter it, in the order the filter offers them. */
export const LIST_STATUSES = ['draft', 'scheduled', 'live', 'pending', 'ended'] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];

export const isListStatus = (value: unknown): value is ListStatus => (LIST_STATUSES as readonly unknown[]).includes(value);

/** A list's view: every status when `status` is undefined, no search when `q` is empty. */
export type StatusFilter<S extends string> = { status?: S; q: string };
export type SetStatusFilter<S extends string> = (change: Partial<StatusFilter<S>>, options?: { replace?: boolean }) => void;

/** A content list's view. */
export type ListFilter = StatusFilter<ListStatus>;
export type SetListFilter = SetStatusFilter<ListStatus>;

/** `?status=&q=` of the list request: only what is set. */
export const listQuery = <S extends string>({ status, q }: StatusFilter<S>) => ({ status, q: q.trim() || undefined });

export const isFiltered = <S extends string>(filter: StatusFilter<S>) => Boolean(filter.status || filter.q.trim());

/**
 * A list's status and search, kept in the address (`?status=live&q=london`) beside the page so
 * Back and reload keep them. Changing either goes back to page 1; a status `isStatus` does not
 * know reads as "all". The content lists, the enquiry inbox and the media library (whose "status"
 * is a file's type, kept as `param=type`) share it.
 */
export function useStatusFilter<S extends string>(
  isStatus: (value: unknown) => value is S,
  param = 'status',
): [StatusFilter<S>, SetStatusFilter<S>] {
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get(param);
  const q = params.get('q') ?? '';
  const status = isStatus(rawStatus) ? rawStatus : undefined;
  const filter = useMemo(() => ({ status, q }), [status, q]);

  const setFilter = useCallback<SetStatusFilter<S>>(
    (change, { replace = false } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('page');
          if ('status' in change) {
            if (change.status) next.set(param, change.status);
            else next.delete(param);
          }
          if ('q' in change) {
            const text = change.q?.trim() ?? '';
            if (text) next.set('q', text);
            else next.delete('q');
          }
          return next;
        },
        { replace },
      ),
    [setParams, param],
  );
  return [filter, setFilter];
}

/** A content list's status and search. */
export const useListFilter = (): [ListFilter, SetListFilter] => useStatusFilter(isListStatus);
