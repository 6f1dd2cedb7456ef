import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TextAreaField } from '@/components/form/field';
import { Form } from '@/components/form/form';
import { Button } from '@/components/ui/button';
import { applyServerErrors } from '@/hooks/use-save-and-return';
import { failureText, serverText } from '@/lib/messages';
import { useAddNote } from '../api/add-note';
import { useSettleItem } from '../api/desk-cache';
import type { Kind } from '../kinds';
import { deskRules, type NoteValues } from '../rules';
import type { DeskRecord } from '../types';

/**
 * A note for the timeline: the desk's `text` rule (required, at most 5,000 characters) runs before
 * anything is sent; the server's message lands on the field.
 */
export function AddNoteForm<T extends DeskRecord>({ kind, item }: { kind: Kind<T>; item: T }) {
  const { t } = useTranslation();
  const add = useAddNote(kind);
  const settle = useSettleItem();
  return (
    <Form<NoteValues>
      className="note-form"
      label={t('inbox.notes.add')}
      defaultValues={{ text: '' }}
      rules={deskRules}
      onSubmit={async (values, methods) => {
        try {
          const saved = await add.mutateAsync({ id: item.id, text: values.text.trim() });
          methods.reset({ text: '' });
          toast.success(serverText(saved.message, t('inbox.toast.noteAdded')));
          void settle(kind.name, saved.item);
        } catch (error) {
          applyServerErrors(error, methods);
          toast.error(failureText(error, t('inbox.toast.noteFailed')));
        }
      }}
    >
      {({ formState }) => (
        <>
          <TextAreaField<NoteValues> name="text" label={t('inbox.notes.label')} required rows={3} dir="auto" />
          <div className="note-form__actions">
            <Button type="submit" className="btn--small" busy={formState.isSubmitting}>
              {t('inbox.notes.add')}
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}
