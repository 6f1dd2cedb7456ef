import { useTranslation } from 'react-i18next';
import { ContentForm } from '@/components/form/content-form';
import { FormPage } from '@/components/form/form-page';
import { arabic, english, TextAreaField, TextField } from '@/components/form/field';
import { paths } from '@/config/paths';
import { useSaveAndReturn } from '@/hooks/use-save-and-return';
import { toNumber, twin } from '@/lib/mutations';
import { useCreateGeneralContent } from '../api/create-general-content';
import { useGeneralContent } from '../api/get-general-content';
import { useUpdateGeneralContent } from '../api/update-general-content';
import { GENERAL_CONTENT_ARABIC_FIELDS, generalContentRules, type GeneralContentValues } from '../rules';
import type { GeneralContent, GeneralContentInput } from '../types';

function toValues(entry?: GeneralContent): GeneralContentValues {
  return {
    name: entry?.name ?? '',
    values: entry?.values ?? '',
    display_order: entry ? String(entry.display_order) : '',
    values_ar: entry?.values_ar ?? '',
  };
}

const toInput = (values: GeneralContentValues): GeneralContentInput => ({
  name: values.name.trim(),
  values: values.values.trim(),
  display_order: toNumber(values.display_order),
  values_ar: twin(values.values_ar),
});

/** Its back arrow returns to the General Content Dashboard (decision 5). */
export function GeneralContentForm({ id }: { id?: number }) {
  const { t } = useTranslation();
  const record = useGeneralContent(id);
  const create = useCreateGeneralContent();
  const update = useUpdateGeneralContent();
  const editing = id !== undefined;
  const { submit, done, draft } = useSaveAndReturn<GeneralContentValues, GeneralContentInput>({
    toPayload: (values) => toInput(values),
    save: (input) => (editing ? update.mutateAsync({ id, input }) : create.mutateAsync(input)),
    messages: editing
      ? { success: t('generalContent.toast.updated'), failure: t('generalContent.toast.updateFailed') }
      : { success: t('generalContent.toast.added'), failure: t('generalContent.toast.addFailed') },
    returnTo: paths.generalContent,
    publishes: true,
    fieldAliases: { value: 'values' },
  });
  const optional = t('common.optional');

  return (
    <FormPage
      title={editing ? t('generalContent.editTitle') : t('generalContent.addTitle')}
      back={{ to: paths.generalContent, label: t('generalContent.back') }}
      record={editing ? record : undefined}
    >
      {(entry) => (
        <ContentForm<GeneralContentValues>
          lifecycle={{ kind: 'general-content', record: entry }}
          defaultValues={toValues(entry)}
          rules={generalContentRules}
          toastFirstError
          onSubmit={submit}
          previewBody={draft}
          done={done}
          arabicFields={GENERAL_CONTENT_ARABIC_FIELDS}
          english={
            <div className="form__grid">
              {/* The specification's order, which is also the order its rules run: Name, Value, Display order. */}
              <TextField<GeneralContentValues> name="name" {...english} label={t('generalContent.fields.name')} required autoComplete="off" className="form__full" />
              <TextAreaField<GeneralContentValues> name="values" {...english} label={t('generalContent.fields.value')} required rows={4} className="form__full" />
              <TextField<GeneralContentValues> name="display_order" label={t('generalContent.fields.displayOrder')} required type="number" inputMode="numeric" step={1} className="field--narrow" />
            </div>
          }
          arabic={
            <div className="form__grid">
              <TextAreaField<GeneralContentValues> name="values_ar" label={t('generalContent.fields.valueAr')} optionalLabel={optional} rows={4} className="form__full" {...arabic} />
            </div>
          }
        />
      )}
    </FormPage>
  );
}
