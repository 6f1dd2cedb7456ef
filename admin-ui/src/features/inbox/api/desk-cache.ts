import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Paged } from '@/lib/api-client';
import { inboxKeys } from '@/lib/inbox';
import { itemKeys, type KindName } from '../kinds';
import type { DeskRecord } from '../types';

/**
 * After the desk wrote an item (or learnt it changed): the item as the server now has it goes
 * into its page and every list row at once (so the next write names its new version), then the
 * desk's queries (lists, the menu's count) are read again.
 */
export function settleItem(queryClient: QueryClient, kind: KindName, item: DeskRecord | undefined): Promise<void> {
  if (item && typeof item.id === 'number') {
    queryClient.setQueryData(itemKeys.detail(kind, item.id), (old: DeskRecord | undefined) => (old ? { ...old, ...item } : item));
    queryClient.setQueriesData<Paged<DeskRecord>>({ queryKey: itemKeys.lists(kind) }, (page) =>
      page ? { ...page, result: page.result.map((row) => (row.id === item.id ? { ...row, ...item } : row)) } : page,
    );
  }
  return queryClient.invalidateQueries({ queryKey: inboxKeys.all });
}

export const useSettleItem = () => {
  const queryClient = useQueryClient();
  return (kind: KindName, item?: DeskRecord) => settleItem(queryClient, kind, item);
};
