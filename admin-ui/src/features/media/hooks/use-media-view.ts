import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useStatusFilter, type SetStatusFilter, type StatusFilter } from '@/components/data-table/use-list-filter';
import { isMediaType, type MediaFilter, type MediaType } from '@/lib/media-library';

export type MediaView = {
  filter: MediaFilter;
  /** The search and the type, as the list toolbar holds them. */
  search: StatusFilter<MediaType>;
  setSearch: SetStatusFilter<MediaType>;
  setFlag: (flag: 'unused' | 'deleted', on: boolean) => void;
  /** Every file again: no search, type or unused filter. */
  clear: () => void;
  /** The file whose panel is open. */
  selected: string | null;
  select: (name: string | null) => void;
};

/**
 * The library's view, kept in the address like every list's: `?q=dunes&type=svg&unused=true`,
 * the trash as `?deleted=true`, the open file as `?item=<name>` (so Back closes its panel and a
 * file's panel can be linked to). A new filter goes back to page 1; the trash closes the panel.
 */
export function useMediaView(): MediaView {
  const [search, setSearch] = useStatusFilter(isMediaType, 'type');
  const [params, setParams] = useSearchParams();
  const unused = params.get('unused') === 'true';
  const deleted = params.get('deleted') === 'true';
  const selected = params.get('item') || null;
  const filter = useMemo(() => ({ type: search.status, q: search.q, unused, deleted }), [search, unused, deleted]);

  const setFlag = useCallback(
    (flag: 'unused' | 'deleted', on: boolean) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete('page');
        if (flag === 'deleted') next.delete('item');
        if (on) next.set(flag, 'true');
        else next.delete(flag);
        return next;
      }),
    [setParams],
  );

  const clear = useCallback(
    () =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        ['page', 'q', 'type', 'unused'].forEach((key) => next.delete(key));
        return next;
      }),
    [setParams],
  );

  const select = useCallback(
    (name: string | null) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (name) next.set('item', name);
        else next.delete('item');
        return next;
      }),
    [setParams],
  );

  return { filter, search, setSearch, setFlag, clear, selected, select };
}
