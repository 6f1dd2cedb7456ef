import { useTranslation } from 'react-i18next';
import { ContentForm } from '@/components/form/content-form';
import { FormPage } from '@/components/form/form-page';
import { arabic, english, TextAreaField, TextField } from '@/components/form/field';
import { UploadField } from '@/components/upload/upload-field';
import { paths } from '@/config/paths';
import { useSaveAndReturn } from '@/hooks/use-save-and-return';
import { toNumber, twin } from '@/lib/mutations';
import { useCreateClientReview } from '../api/create-client-review';
import { useClientReview } from '../api/get-client-review';
import { useUpdateClientReview } from '../api/update-client-review';
import { clientReviewRules, REVIEW_ARABIC_FIELDS, type ClientReviewValues } from '../rules';
import type { ClientReview, ClientReviewInput } from '../types';

function toValues(review?: ClientReview): ClientReviewValues {
  return {
    title: review?.title ?? '',
    name: review?.name ?? '',
    description: review?.description ?? '',
    display_order: review ? String(review.display_order) : '',
    image_url: review?.image_url ?? '',
    image_file: null,
    title_ar: review?.title_ar ?? '',
    name_ar: review?.name_ar ?? '',
    description_ar: review?.description_ar ?? '',
  };
}

function toInput(values: ClientReviewValues, imageUrl: string): ClientReviewInput {
  return {
    title: values.title.trim(),
    name: values.name.trim(),
    description: values.description.trim(),
    display_order: toNumber(values.display_order),
    image_url: imageUrl,
    title_ar: twin(values.title_ar),
    name_ar: twin(values.name_ar),
    description_ar: twin(values.description_ar),
  };
}

export function ClientReviewForm({ id }: { id?: number }) {
  const { t } = useTranslation();
  const record = useClientReview(id);
  const create = useCreateClientReview();
  const update = useUpdateClientReview();
  const editing = id !== undefined;
  const { submit, done, draft } = useSaveAndReturn<ClientReviewValues, ClientReviewInput>({
    media: { file: 'image_file', url: 'image_url' },
    toPayload: toInput,
    save: (input) => (editing ? update.mutateAsync({ id, input }) : create.mutateAsync(input)),
    messages: editing
      ? { success: t('reviews.toast.updated'), failure: t('reviews.toast.updateFailed') }
      : { success: t('reviews.toast.added'), failure: t('reviews.toast.addFailed') },
    returnTo: paths.reviews,
    publishes: true,
  });
  const optional = t('common.optional');

  return (
    <FormPage
      title={editing ? t('reviews.editTitle') : t('reviews.addTitle')}
      back={{ to: paths.reviews, label: t('reviews.back') }}
      record={editing ? record : undefined}
    >
      {(review) => (
        <ContentForm<ClientReviewValues>
          lifecycle={{ kind: 'client-review', record: review }}
          defaultValues={toValues(review)}
          rules={clientReviewRules}
          onSubmit={submit}
          previewBody={draft}
          done={done}
          arabicFields={REVIEW_ARABIC_FIELDS}
          english={
            <div className="form__grid">
              <TextField<ClientReviewValues> name="title" {...english} label={t('reviews.fields.title')} required autoComplete="off" />
              <TextField<ClientReviewValues> name="name" {...english} label={t('reviews.fields.name')} required autoComplete="off" />
              <TextAreaField<ClientReviewValues> name="description" {...english} label={t('reviews.fields.description')} required rows={5} className="form__full" />
              <TextField<ClientReviewValues> name="display_order" label={t('reviews.fields.displayOrder')} required type="number" inputMode="numeric" step={1} className="field--narrow" />
              <div className="form__full">
                <UploadField<ClientReviewValues> fileName="image_file" urlName="image_url" label={t('reviews.fields.image')} required />
              </div>
            </div>
          }
          arabic={
            <div className="form__grid">
              <TextField<ClientReviewValues> name="title_ar" label={t('reviews.fields.titleAr')} optionalLabel={optional} {...arabic} />
              <TextField<ClientReviewValues> name="name_ar" label={t('reviews.fields.nameAr')} optionalLabel={optional} {...arabic} />
              <TextAreaField<ClientReviewValues> name="description_ar" label={t('reviews.fields.descriptionAr')} optionalLabel={optional} rows={5} className="form__full" {...arabic} />
            </div>
          }
        />
      )}
    </FormPage>
  );
}
