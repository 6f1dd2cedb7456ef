/**
 * Delete (owners and editors). A file something still shows is refused at once, before any
 * confirmation: the dialog says so and lists what shows it, each linked to its form. Only an
 * unused file gets the confirmation, which says where it goes: the trash, for 30 days. A use that
 * appeared meanwhile makes the server refuse (409): the dialog then says so in the server's words
 * and lists what shows it the same way.
 */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TrashIcon } from '@/components/icons/icons';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { messageOr } from '@/lib/api-client';
import { fileNameOf } from '@/lib/media-library';
import { failureText, serverText } from '@/lib/messages';
import { useDeleteMedia, usageOfRefusal } from '../api/delete-media';
import type { MediaDetail, MediaUsage } from '../types';
import { UsageList } from './usage-list';

type Refusal = { message: string; usage: MediaUsage[] };

export function DeleteMedia({ item, onDeleted }: { item: MediaDetail; onDeleted: () => void }) {
  const { t } = useTranslation();
  const bodyId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const remove = useDeleteMedia(item.name);
  const name = fileNameOf(item);
  const close = () => {
    if (remove.isPending) return;
    setOpen(false);
    setRefusal(null);
  };

  const ask = () => {
    // In use: refused here and now, with where; the server would refuse it too.
    if (item.usage.length > 0) setRefusal({ message: t('library.delete.refused'), usage: item.usage });
    setOpen(true);
  };

  const confirm = async () => {
    try {
      const result = await remove.mutateAsync();
      toast.success(serverText(result.message, t('library.delete.done')));
      setOpen(false);
      onDeleted();
    } catch (error) {
      const usage = usageOfRefusal(error);
      if (usage) {
        setRefusal({ message: messageOr(error, t('library.delete.refused')), usage });
        return;
      }
      setOpen(false);
      toast.error(failureText(error, t('confirm.failed')));
    }
  };

  return (
    <>
      <Button variant="secondary" className="btn--small media-panel__delete" icon={<TrashIcon width={18} height={18} />} onClick={ask}>
        {t('common.delete')}
      </Button>
      <Dialog
        open={open}
        title={refusal ? t('library.delete.inUse') : t('library.delete.title')}
        onClose={close}
        size="small"
        role="alertdialog"
        initialFocus={cancel}
        describedBy={bodyId}
        footer={
          refusal ? (
            <Button ref={cancel} variant="secondary" onClick={close}>
              {t('common.close')}
            </Button>
          ) : (
            <>
              <Button ref={cancel} variant="secondary" onClick={close} disabled={remove.isPending}>
                {t('confirm.cancel')}
              </Button>
              <Button variant="danger" onClick={() => void confirm()} busy={remove.isPending}>
                {t('confirm.confirm')}
              </Button>
            </>
          )
        }
      >
        {refusal ? (
          <div className="media-refusal">
            <p id={bodyId} className="media-refusal__message" role="alert" dir="auto">
              {refusal.message}
            </p>
            {refusal.usage.length > 0 ? <UsageList usage={refusal.usage} label={t('library.delete.usedBy')} /> : null}
          </div>
        ) : (
          <p id={bodyId}>{t('library.delete.body', { name })}</p>
        )}
      </Dialog>
    </>
  );
}
