import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isEnquiryStatus, type EnquiryFilter } from '../types';

/**
 * The inbox filter, kept in the address (`?status=new&q=amira`) so Back and reload keep it.
 * Changing it goes back to page 1; an unknown status reads as "all".
 */
export function useEnquiryFilter(): [EnquiryFilter, (change: Partial<EnquiryFilter>, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status');
  const q = params.get('q') ?? '';
  const status = isEnquiryStatus(rawStatus) ? rawStatus : undefined;
  const filter = useMemo(() => ({ status, q }), [status, q]);

  const setFilter = useCallback(
    (change: Partial<EnquiryFilter>, { replace = false }: { replace?: boolean } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('page');
          if ('status' in change) {
            if (change.status) next.set('status', change.status);
            else next.delete('status');
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
    [setParams],
  );
  return [filter, setFilter];
}
