import { useTranslation } from 'react-i18next';
import { ContentForm } from '@/components/form/content-form';
import { FormPage } from '@/components/form/form-page';
import { arabic, english, TextField } from '@/components/form/field';
import { UploadField } from '@/components/upload/upload-field';
import { paths } from '@/config/paths';
import { useSaveAndReturn } from '@/hooks/use-save-and-return';
import { twin } from '@/lib/mutations';
import { useCreateBanner } from '../api/create-banner';
import { useBanner } from '../api/get-banner';
import { bannerBody, useUpdateBanner } from '../api/update-banner';
import { BANNER_ARABIC_FIELDS, bannerRules, type BannerValues } from '../rules';
import type { Banner, BannerInput } from '../types';

/** The preview is capped at 300 px high. */
const PREVIEW_MAX_HEIGHT = 300;

function toValues(banner?: Banner): BannerValues {
  return {
    banner_name: banner?.banner_name ?? '',
    banner_url: banner?.banner_url ?? '',
    banner_file: null,
    image_id: banner?.image_id ?? '',
    title: banner?.title ?? '',
    sub_title: banner?.sub_title ?? '',
    web_url: banner?.web_url ?? '',
    title_ar: banner?.title_ar ?? '',
    sub_title_ar: banner?.sub_title_ar ?? '',
  };
}

function toInput(values: BannerValues, bannerUrl: string): BannerInput {
  return {
    banner_name: values.banner_name.trim(),
    banner_url: bannerUrl,
    image_id: values.image_id.trim(),
    title: values.title.trim(),
    sub_title: values.sub_title.trim(),
    web_url: values.web_url.trim(),
    title_ar: twin(values.title_ar),
    sub_title_ar: twin(values.sub_title_ar),
  };
}

/** Banner name, title and image are required (`bannerRules`); the server also checks links and lengths. */
export function BannerForm({ id }: { id?: number }) {
  const { t } = useTranslation();
  const record = useBanner(id);
  const create = useCreateBanner();
  const update = useUpdateBanner();
  const editing = id !== undefined;
  const { submit, done, draft } = useSaveAndReturn<BannerValues, BannerInput>({
    media: { file: 'banner_file', url: 'banner_url' },
    toPayload: toInput,
    save: (input) => (editing ? update.mutateAsync({ id, input }) : create.mutateAsync(input)),
    messages: editing
      ? { success: t('banners.toast.updated'), failure: t('banners.toast.updateFailed') }
      : { success: t('banners.toast.added'), failure: t('banners.toast.addFailed') },
    returnTo: paths.banners,
    publishes: true,
  });
  const optional = t('common.optional');

  return (
    <FormPage
      title={editing ? t('banners.editTitle') : t('banners.addTitle')}
      back={{ to: paths.banners, label: t('banners.back') }}
      record={editing ? record : undefined}
    >
      {(banner) => (
        <ContentForm<BannerValues>
          lifecycle={{ kind: 'banner', record: banner }}
          defaultValues={toValues(banner)}
          rules={bannerRules}
          onSubmit={submit}
          previewBody={(values, extra) => bannerBody(draft(values, extra))}
          done={done}
          arabicFields={BANNER_ARABIC_FIELDS}
          english={
            <div className="form__grid">
              <TextField<BannerValues> name="banner_name" {...english} label={t('banners.fields.bannerName')} required autoComplete="off" />
              <TextField<BannerValues> name="image_id" {...english} label={t('banners.fields.imageId')} optionalLabel={optional} autoComplete="off" />
              <div className="form__full">
                <UploadField<BannerValues> fileName="banner_file" urlName="banner_url" label={t('banners.fields.image')} required previewMaxHeight={PREVIEW_MAX_HEIGHT} />
              </div>
              <TextField<BannerValues> name="title" {...english} label={t('banners.fields.title')} required className="form__full" />
              <TextField<BannerValues> name="sub_title" {...english} label={t('banners.fields.subTitle')} className="form__full" />
              <TextField<BannerValues> name="web_url" label={t('banners.fields.webUrl')} type="url" dir="ltr" className="form__full" placeholder="https://" />
            </div>
          }
          arabic={
            <div className="form__grid">
              <TextField<BannerValues> name="title_ar" label={t('banners.fields.titleAr')} optionalLabel={optional} className="form__full" {...arabic} />
              <TextField<BannerValues> name="sub_title_ar" label={t('banners.fields.subTitleAr')} optionalLabel={optional} className="form__full" {...arabic} />
            </div>
          }
        />
      )}
    </FormPage>
  );
}
