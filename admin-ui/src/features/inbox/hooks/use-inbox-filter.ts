import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useStatusFilter, type SetStatusFilter } from '@/components/data-table/use-list-filter';
import { isEnquiryStatus, type EnquiryStatus, type InboxFilter } from '../types';

/**
 * The desk's view, kept in the address like every list's (`?status=new&q=amira`), with the trash
 * as `?deleted=true`. Changing any of them goes back to page 1.
 */
export function useInboxFilter(): [InboxFilter, SetStatusFilter<EnquiryStatus>, (deleted: boolean) => void] {
  const [statusFilter, setStatusFilter] = useStatusFilter(isEnquiryStatus);
  const [params, setParams] = useSearchParams();
  const deleted = params.get('deleted') === 'true';
  const filter = useMemo(() => ({ ...statusFilter, deleted }), [statusFilter, deleted]);
  const setDeleted = useCallback(
    (next: boolean) =>
      setParams((current) => {
        const copy = new URLSearchParams(current);
        copy.delete('page');
        if (next) copy.set('deleted', 'true');
        else copy.delete('deleted');
        return copy;
      }),
    [setParams],
  );
  return [filter, setStatusFilter, setDeleted];
}
