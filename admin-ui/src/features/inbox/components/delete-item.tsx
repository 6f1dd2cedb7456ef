import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TrashIcon } from '@/components/icons/icons';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError, conflictOf } from '@/lib/api-client';
import { failureText, serverText } from '@/lib/messages';
import { useDeleteItem } from '../api/delete-item';
import { useSettleItem } from '../api/desk-cache';
import { useConflictText } from '../hooks/use-desk-change';
import type { Kind } from '../kinds';
import type { DeskRecord } from '../types';

/** Delete (owners), after a confirmation that says where it goes: Deleted, for 30 days. */
export function DeleteItem<T extends DeskRecord>({ kind, item, onDeleted }: { kind: Kind<T>; item: T; onDeleted: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const remove = useDeleteItem(kind);
  const settle = useSettleItem();
  const conflictText = useConflictText();
  const name = kind.itemName(item);

  const confirm = async () => {
    try {
      const result = await remove.mutateAsync(item);
      toast.success(serverText(result.message, t(kind.words.deleted)));
      setOpen(false);
      void settle(kind.name);
      onDeleted();
    } catch (error) {
      setOpen(false);
      const stale = conflictOf(error);
      if (error instanceof ApiError && error.status === 409) {
        toast.error(failureText(error, t('inbox.conflict.title')), { description: stale ? conflictText(stale) : undefined });
        void settle(kind.name);
      } else toast.error(failureText(error, t('confirm.failed')));
    }
  };

  return (
    <>
      <Button variant="secondary" className="btn--small desk-delete" icon={<TrashIcon width={18} height={18} />} onClick={() => setOpen(true)}>
        {t('common.delete')}
      </Button>
      <ConfirmDialog
        open={open}
        name={name}
        body={t('inbox.delete.body', { name })}
        busy={remove.isPending}
        onConfirm={() => void confirm()}
        onClose={() => !remove.isPending && setOpen(false)}
      />
    </>
  );
}
