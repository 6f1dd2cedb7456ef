import { useMutation } from '@tanstack/react-query';
import { listQuery } from '@/components/data-table/use-list-filter';
import { send } from '@/lib/api-client';
import type { Kind } from '../kinds';
import type { DeskRecord, InboxFilter } from '../types';

/**
 * `GET {base}/export?status=&q=`: the spreadsheet of what the list shows (every page of it, with
 * Status, Assignee and the latest note), dates in the viewer's time zone (`tz_offset`, minutes
 * east of UTC). 404 when there is nothing.
 */
export async function exportItems<T extends DeskRecord>(kind: Kind<T>, filter: InboxFilter): Promise<Blob> {
  const response = await send(`${kind.api}/export`, {
    query: { ...listQuery(filter), tz_offset: -new Date().getTimezoneOffset() },
  });
  return response.blob();
}

/** Hands a downloaded file to the browser under `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const useExportItems = <T extends DeskRecord>(kind: Kind<T>) =>
  useMutation({
    mutationFn: async (filter: InboxFilter) => {
      saveFile(await exportItems(kind, filter), kind.exportFile);
    },
  });
