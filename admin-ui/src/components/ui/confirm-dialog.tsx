import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Dialog } from './dialog';

type ConfirmDialogProps = {
  open: boolean;
  /** What is about to be deleted, named in the body. */
  name: string;
  busy: boolean;
  /** Another question than deleting (the defaults): its title, body and confirming button. */
  title?: string;
  body?: string;
  confirmLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
};

/** "Are You Sure to Delete?" (or another question) with Confirm; Escape or Cancel closes it. */
export function ConfirmDialog({ open, name, busy, title, body, confirmLabel, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const bodyId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      title={title ?? t('confirm.title')}
      onClose={onClose}
      size="small"
      role="alertdialog"
      initialFocus={cancel}
      describedBy={bodyId}
      footer={
        <>
          <Button ref={cancel} variant="secondary" onClick={onClose} disabled={busy}>
            {t('confirm.cancel')}
          </Button>
          <Button variant="danger" onClick={onConfirm} busy={busy}>
            {confirmLabel ?? t('confirm.confirm')}
          </Button>
        </>
      }
    >
      <p id={bodyId}>{body ?? t('confirm.body', { name })}</p>
    </Dialog>
  );
}
