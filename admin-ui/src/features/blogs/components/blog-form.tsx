import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentForm } from '@/components/form/content-form';
import { FormPage } from '@/components/form/form-page';
import { arabic, english, TextAreaField, TextField } from '@/components/form/field';
import { RichTextField } from '@/components/rich-text/rich-text-field';
import { UploadField } from '@/components/upload/upload-field';
import { paths } from '@/config/paths';
import { useSaveAndReturn } from '@/hooks/use-save-and-return';
import { toNumber, twin } from '@/lib/mutations';
import { useCreateBlog } from '../api/create-blog';
import { useBlog } from '../api/get-blog';
import { useUpdateBlog } from '../api/update-blog';
import { BLOG_ARABIC_FIELDS, blogRules, type BlogValues } from '../rules';
import type { Blog, BlogInput } from '../types';
import { BlogPreview, type BlogPreviewMode } from './blog-preview';

function toValues(blog?: Blog): BlogValues {
  return {
    name: blog?.name ?? '',
    description: blog?.description ?? '',
    image_url: blog?.image_url ?? '',
    image_file: null,
    display_order: blog ? String(blog.display_order) : '',
    meta_title: blog?.meta_title ?? '',
    meta_description: blog?.meta_description ?? '',
    key_words: blog?.key_words ?? '',
    name_ar: blog?.name_ar ?? '',
    description_ar: blog?.description_ar ?? '',
    meta_title_ar: blog?.meta_title_ar ?? '',
    meta_description_ar: blog?.meta_description_ar ?? '',
    key_words_ar: blog?.key_words_ar ?? '',
  };
}

function toInput(values: BlogValues, imageUrl: string): BlogInput {
  return {
    name: values.name.trim(),
    description: values.description,
    image_url: imageUrl,
    display_order: toNumber(values.display_order),
    meta_title: values.meta_title.trim(),
    meta_description: values.meta_description.trim(),
    key_words: values.key_words.trim(),
    name_ar: twin(values.name_ar),
    description_ar: twin(values.description_ar),
    meta_title_ar: twin(values.meta_title_ar),
    meta_description_ar: twin(values.meta_description_ar),
    key_words_ar: twin(values.key_words_ar),
  };
}

export function BlogForm({ id }: { id?: number }) {
  const { t } = useTranslation();
  const record = useBlog(id);
  const create = useCreateBlog();
  const update = useUpdateBlog();
  const [preview, setPreview] = useState<BlogPreviewMode | null>(null);
  const [previewLanguage, setPreviewLanguage] = useState<'en' | 'ar'>('en');
  const editing = id !== undefined;
  const { submit, done, draft } = useSaveAndReturn<BlogValues, BlogInput>({
    media: { file: 'image_file', url: 'image_url' },
    toPayload: toInput,
    save: (input) => (editing ? update.mutateAsync({ id, input }) : create.mutateAsync(input)),
    messages: editing
      ? { success: t('blogs.toast.updated'), failure: t('blogs.toast.updateFailed'), notSent: t('blogs.toast.submitFailed') }
      : { success: t('blogs.toast.added'), failure: t('blogs.toast.addFailed'), notSent: t('blogs.toast.submitFailed') },
    returnTo: paths.blogs,
    publishes: true,
  });
  const optional = t('common.optional');

  const previewPanel = preview ? (
    <div className="preview-panel">
      <div className="preview-panel__bar">
        <div className="segmented" role="group" aria-label={t('common.languageTabs')}>
          <button type="button" aria-pressed={previewLanguage === 'en'} onClick={() => setPreviewLanguage('en')}>
            {t('common.english')}
          </button>
          <button type="button" lang="ar" aria-pressed={previewLanguage === 'ar'} onClick={() => setPreviewLanguage('ar')}>
            {t('common.arabic')}
          </button>
        </div>
      </div>
      <BlogPreview mode={preview} language={previewLanguage} />
    </div>
  ) : null;

  const previewButtons = (
    <div className="form__secondary-actions">
      <button type="button" className="btn btn--secondary" aria-pressed={preview === 'description'} onClick={() => setPreview('description')}>
        {t('blogs.preview.description')}
      </button>
      <button type="button" className="btn btn--secondary" aria-pressed={preview === 'imageTitle'} onClick={() => setPreview('imageTitle')}>
        {t('blogs.preview.imageTitle')}
      </button>
      {preview ? (
        <button type="button" className="btn btn--ghost" onClick={() => setPreview(null)}>
          {t('blogs.preview.close')}
        </button>
      ) : null}
    </div>
  );

  return (
    <FormPage
      title={editing ? t('blogs.editTitle') : t('blogs.addTitle')}
      back={{ to: paths.blogs, label: t('blogs.back') }}
      record={editing ? record : undefined}
    >
      {(blog) => (
        <ContentForm<BlogValues>
          lifecycle={{ kind: 'blog', record: blog }}
          defaultValues={toValues(blog)}
          rules={blogRules}
          onSubmit={submit}
          previewBody={draft}
          done={done}
          arabicFields={BLOG_ARABIC_FIELDS}
          extra={previewPanel}
          actions={previewButtons}
          english={
            <div className="form__grid">
              <TextField<BlogValues> name="name" {...english} label={t('blogs.fields.name')} required autoComplete="off" />
              <TextField<BlogValues>
                name="display_order"
                label={t('blogs.fields.displayOrder')}
                required
                type="number"
                inputMode="numeric"
                step={1}
                className="field--narrow"
              />
              <div className="form__full">
                <UploadField<BlogValues> fileName="image_file" urlName="image_url" label={t('blogs.fields.image')} required />
              </div>
              <div className="form__full">
                <RichTextField<BlogValues> name="description" label={t('blogs.fields.description')} optionalLabel={optional} />
              </div>
              <fieldset className="form__full form__fieldset">
                <legend>{t('blogs.seo')}</legend>
                <TextField<BlogValues> name="meta_title" {...english} label={t('blogs.fields.metaTitle')} optionalLabel={optional} />
                <TextAreaField<BlogValues> name="meta_description" {...english} label={t('blogs.fields.metaDescription')} optionalLabel={optional} rows={2} />
                <TextField<BlogValues> name="key_words" {...english} label={t('blogs.fields.keyWords')} optionalLabel={optional} />
              </fieldset>
            </div>
          }
          arabic={
            <div className="form__grid">
              <TextField<BlogValues> name="name_ar" label={t('blogs.fields.nameAr')} optionalLabel={optional} className="form__full" {...arabic} />
              <div className="form__full">
                <RichTextField<BlogValues> name="description_ar" label={t('blogs.fields.descriptionAr')} optionalLabel={optional} {...arabic} />
              </div>
              <fieldset className="form__full form__fieldset">
                <legend>{t('blogs.seo')}</legend>
                <TextField<BlogValues> name="meta_title_ar" label={t('blogs.fields.metaTitleAr')} optionalLabel={optional} {...arabic} />
                <TextAreaField<BlogValues> name="meta_description_ar" label={t('blogs.fields.metaDescriptionAr')} optionalLabel={optional} rows={2} {...arabic} />
                <TextField<BlogValues> name="key_words_ar" label={t('blogs.fields.keyWordsAr')} optionalLabel={optional} {...arabic} />
              </fieldset>
            </div>
          }
        />
      )}
    </FormPage>
  );
}
