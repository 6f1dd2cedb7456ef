import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DownloadIcon } from '@/components/icons/icons';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { serverText } from '@/lib/messages';
import { useExportItems } from '../api/export-items';
import type { Kind } from '../kinds';
import type { DeskRecord, InboxFilter } from '../types';

/** The spreadsheet of what the list shows: the same status and search. */
export function ExportButton<T extends DeskRecord>({ kind, filter }: { kind: Kind<T>; filter: InboxFilter }) {
  const { t } = useTranslation();
  const download = useExportItems(kind);
  const run = async () => {
    try {
      await download.mutateAsync(filter);
      toast.success(t('inbox.export.done'));
    } catch (error) {
      // 404: nothing to export (the server says so); anything else is a failed download.
      if (error instanceof ApiError && error.status === 404) toast.error(serverText(error.message, t('inbox.export.noData')));
      else toast.error(t('inbox.export.failed'));
    }
  };
  return (
    <Button variant="secondary" icon={<DownloadIcon />} busy={download.isPending} onClick={() => void run()}>
      {download.isPending ? t('inbox.export.busy') : t('inbox.export.label')}
    </Button>
  );
}
