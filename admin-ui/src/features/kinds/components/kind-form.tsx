import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentForm } from '@/components/form/content-form';
import { FormPage } from '@/components/form/form-page';
import { Spinner } from '@/components/ui/spinner';
import { kindPath } from '@/config/paths';
import { useSaveAndReturn } from '@/hooks/use-save-and-return';
import { hasOwnToasts, rulesOf } from '@/lib/form-rules';
import { arabicFieldsOf, type DeclaredKind } from '@/lib/kinds';
import { useCreateItem } from '../api/create-item';
import { useItem } from '../api/get-item';
import { useUpdateItem } from '../api/update-item';
import { formOrder, isHidden, shapeOf, toastsFirstError } from '../legacy';
import { useParentChoice } from '../parent';
import type { Payload } from '../types';
import { fileField, toPayload, toValues, type Values } from '../values';
import { useKindWords } from '../words';
import { FieldEditor } from './field-editor';

/**
 * The add and edit form of a kind the server declares with no screens of its own: its fields in
 * their declared order, the English ones in the English tab and their Arabic twins in the Arabic
 * one, checked by the kind's form of the table of rules (its first failure toasted too when the
 * table words a toast of its own).
 */
export function KindForm({ kind, id }: { kind: DeclaredKind; id?: number }) {
  const { t } = useTranslation();
  const record = useItem(kind, id);
  // A kind listed by its parent: a new item's parent is the one its list showed (`?service=3`), else the first.
  const parent = useParentChoice(kind);
  const create = useCreateItem(kind);
  const update = useUpdateItem(kind);
  const editing = id !== undefined;
  // One object for the form's life: every field reads it for its bounds.
  const rules = useMemo(() => rulesOf(kind.form), [kind.form]);
  const words = useKindWords(kind);
  const list = kindPath(kind.kind);
  const images = kind.fields.filter((field) => field.type === 'image').map((field) => ({ file: fileField(rules, field.name), url: field.name }));
  const { submit, done, draft } = useSaveAndReturn<Values, Payload>({
    media: images,
    toPayload: (values) => toPayload(kind, values),
    save: (payload) => (editing ? update.mutateAsync({ id, payload }) : create.mutateAsync(payload)),
    messages: editing
      ? { success: words.say('toast.updated'), failure: words.say('toast.updateFailed') }
      : { success: words.say('toast.added'), failure: words.say('toast.addFailed') },
    // Back to the list of the parent the item was saved under.
    returnTo: parent ? (values) => parent.listOf(list, values[parent.field]) : list,
    publishes: true,
  });
  const arabic = arabicFieldsOf(kind);
  // Each Arabic field beside the English field that names it as its twin.
  const englishOf = (name: string) => kind.fields.find((field) => field.twin === name)?.name;
  const editors = (inArabic: boolean) => (
    <div className="form__grid">
      {formOrder(kind)
        .filter((field) => arabic.includes(field.name) === inArabic && !isHidden(kind, field))
        .map((field) => (
          <FieldEditor
            key={field.name}
            field={field}
            label={words.field(field)}
            shape={shapeOf(kind, field)}
            isArabic={inArabic}
            file={fileField(rules, field.name)}
            hint={words.hint(field)}
            choose={words.choose(field)}
            none={(referenced) => words.none(field, referenced)}
          />
        ))}
    </div>
  );

  return (
    <FormPage
      title={words.say(editing ? 'editTitle' : 'addTitle')}
      back={{ to: list, label: words.say('back') }}
      record={editing ? record : undefined}
    >
      {(item) =>
        parent?.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : (
          <ContentForm<Values>
            lifecycle={{ kind: kind.kind, record: item }}
            defaultValues={parent && !item ? { ...toValues(kind, rules), [parent.field]: String(parent.selected ?? '') } : toValues(kind, rules, item)}
            rules={rules}
            toastFirstError={hasOwnToasts(rules) || toastsFirstError(kind)}
            onSubmit={submit}
            previewBody={draft}
            done={done}
            arabicFields={arabic}
            englishOf={englishOf}
            english={editors(false)}
            arabic={editors(true)}
          />
        )
      }
    </FormPage>
  );
}
