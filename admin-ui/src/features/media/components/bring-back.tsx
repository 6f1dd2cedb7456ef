import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { UndoIcon } from '@/components/icons/icons';
import { Button } from '@/components/ui/button';
import { fileNameOf, type MediaItem } from '@/lib/media-library';
import { failureText, serverText } from '@/lib/messages';
import { useUndeleteMedia } from '../api/undelete-media';

/** Bring back a file from the trash (owners and editors): it is served again. */
export function BringBack({ item, onRestored }: { item: MediaItem; onRestored: () => void }) {
  const { t } = useTranslation();
  const undelete = useUndeleteMedia(item.name);
  const run = async () => {
    try {
      const result = await undelete.mutateAsync();
      toast.success(serverText(result.message, t('library.trash.restored')));
      onRestored();
    } catch (error) {
      toast.error(failureText(error, t('library.trash.restoreFailed')));
    }
  };
  return (
    <Button
      variant="secondary"
      className="btn--small"
      icon={<UndoIcon width={16} height={16} />}
      busy={undelete.isPending}
      aria-label={t('library.trash.restoreName', { name: fileNameOf(item) })}
      onClick={() => void run()}
    >
      {t('library.trash.restore')}
    </Button>
  );
}
