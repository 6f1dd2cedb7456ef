import { useMutation } from '@tanstack/react-query';
import { EXPORT_FILE_NAME } from '@/config/constants';
import { send } from '@/lib/api-client';
import { listQuery } from '@/components/data-table/use-list-filter';
import { type EnquiryFilter } from '../types';

/**
 * `GET /contact-us/export?status=&q=` (bearer): the spreadsheet of the enquiries the dashboard
 * shows (every page of them), dates in the viewer's time zone (`tz_offset`, minutes east of
 * UTC). 404 when there are none.
 */
export async function exportContacts(filter: EnquiryFilter): Promise<Blob> {
  const response = await send('/contact-us/export', {
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

export const useExportContacts = () =>
  useMutation({
    mutationFn: async (filter: EnquiryFilter) => {
      saveFile(await exportContacts(filter), EXPORT_FILE_NAME);
    },
  });
