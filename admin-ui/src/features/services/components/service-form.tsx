import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ContentForm } from '@/components/form/content-form';
import { FormPage } from '@/components/form/form-page';
import { arabic, CheckboxField, english, TextAreaField, TextField } from '@/components/form/field';
import { UploadField } from '@/components/upload/upload-field';
import { paths } from '@/config/paths';
import { useSaveAndReturn } from '@/hooks/use-save-and-return';
import { toNumber, twin } from '@/lib/mutations';
import { useCreateService } from '../api/create-service';
import { useService } from '../api/get-service';
import { useUpdateService } from '../api/update-service';
import { SERVICE_ARABIC_FIELDS, serviceRules, type ServiceValues } from '../rules';
import type { Service, ServiceInput } from '../types';

function toValues(service?: Service): ServiceValues {
  return {
    name: service?.name ?? '',
    description: service?.description ?? '',
    content: service?.content ?? '',
    display_order: service ? String(service.display_order) : '',
    image_url: service?.image_url ?? '',
    image_file: null,
    color: service?.color ?? '',
    coming_soon: service?.coming_soon ?? false,
    name_ar: service?.name_ar ?? '',
    description_ar: service?.description_ar ?? '',
    content_ar: service?.content_ar ?? '',
  };
}

function toInput(values: ServiceValues, imageUrl: string): ServiceInput {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    content: values.content.trim(),
    display_order: toNumber(values.display_order),
    image_url: imageUrl,
    color: values.color.trim(),
    coming_soon: values.coming_soon,
    name_ar: twin(values.name_ar),
    description_ar: twin(values.description_ar),
    content_ar: twin(values.content_ar),
  };
}

const HEX = /^#([0-9a-f]{6})$/i;

/** The colour code as text, with a swatch picker beside it. */
function ColorField() {
  const { t } = useTranslation();
  const { setValue } = useFormContext<ServiceValues>();
  const color = useWatch<ServiceValues, 'color'>({ name: 'color' });
  return (
    <div className="color-field">
      <TextField<ServiceValues> name="color" label={t('services.fields.color')} required placeholder="#0B1F3A" dir="ltr" spellCheck={false} />
      <input
        type="color"
        className="color-field__swatch"
        aria-label={t('services.fields.colorPicker')}
        value={HEX.test(color ?? '') ? color : '#0b1f3a'}
        onChange={(event) => setValue('color', event.target.value.toUpperCase(), { shouldDirty: true })}
      />
    </div>
  );
}

export function ServiceForm({ id }: { id?: number }) {
  const { t } = useTranslation();
  const record = useService(id);
  const create = useCreateService();
  const update = useUpdateService();
  const editing = id !== undefined;
  const { submit, done, draft } = useSaveAndReturn<ServiceValues, ServiceInput>({
    media: { file: 'image_file', url: 'image_url' },
    toPayload: toInput,
    save: (input) => (editing ? update.mutateAsync({ id, input }) : create.mutateAsync(input)),
    messages: editing
      ? { success: t('services.toast.updated'), failure: t('services.toast.updateFailed') }
      : { success: t('services.toast.added'), failure: t('services.toast.addFailed') },
    returnTo: paths.services,
    publishes: true,
  });
  const optional = t('common.optional');

  return (
    <FormPage
      title={editing ? t('services.editTitle') : t('services.addTitle')}
      back={{ to: paths.services, label: t('services.back') }}
      record={editing ? record : undefined}
    >
      {(service) => (
        <ContentForm<ServiceValues>
          lifecycle={{ kind: 'service', record: service }}
          defaultValues={toValues(service)}
          rules={serviceRules}
          onSubmit={submit}
          previewBody={draft}
          done={done}
          arabicFields={SERVICE_ARABIC_FIELDS}
          english={
            <div className="form__grid">
              <TextField<ServiceValues> name="name" {...english} label={t('services.fields.name')} required autoComplete="off" />
              <TextField<ServiceValues> name="display_order" label={t('services.fields.displayOrder')} required type="number" inputMode="numeric" step={1} className="field--narrow" />
              <TextAreaField<ServiceValues> name="description" {...english} label={t('services.fields.description')} required rows={3} className="form__full" />
              <TextAreaField<ServiceValues> name="content" {...english} label={t('services.fields.content')} required rows={6} className="form__full" />
              <div className="form__full">
                <UploadField<ServiceValues> fileName="image_file" urlName="image_url" label={t('services.fields.image')} required />
              </div>
              <ColorField />
              <CheckboxField<ServiceValues> name="coming_soon" label={t('services.fields.comingSoon')} hint={t('services.fields.comingSoonHint')} className="form__full" />
            </div>
          }
          arabic={
            <div className="form__grid">
              <TextField<ServiceValues> name="name_ar" label={t('services.fields.nameAr')} optionalLabel={optional} className="form__full" {...arabic} />
              <TextAreaField<ServiceValues> name="description_ar" label={t('services.fields.descriptionAr')} optionalLabel={optional} rows={3} className="form__full" {...arabic} />
              <TextAreaField<ServiceValues> name="content_ar" label={t('services.fields.contentAr')} optionalLabel={optional} rows={6} className="form__full" {...arabic} />
            </div>
          }
        />
      )}
    </FormPage>
  );
}
