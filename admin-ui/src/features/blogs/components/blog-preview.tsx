import { useEffect, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Media } from '@/components/ui/media';
import type { BlogValues } from '../rules';

export type BlogPreviewMode = 'description' | 'imageTitle';

/** The hero spans the form (at most the page's 1280 px, less the menu). */
const HERO_WIDTH = 1000;
const HERO_SIZES = '(max-width: 1100px) 100vw, 1000px';

/** The blog as the site will show it: the rendered description, or the hero image with the title. */
export function BlogPreview({ mode, language }: { mode: BlogPreviewMode; language: 'en' | 'ar' }) {
  const { t } = useTranslation();
  const values = useWatch<BlogValues>();
  const file = values.image_file instanceof File ? values.image_file : null;
  const fileUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => {
    if (fileUrl) URL.revokeObjectURL(fileUrl);
  }, [fileUrl]);

  const arabic = language === 'ar';
  const title = (arabic && values.name_ar) || values.name || '';
  const description = (arabic && values.description_ar) || values.description || '';
  const image = fileUrl ?? values.image_url ?? '';

  return (
    <section className="blog-preview" aria-label={t('blogs.preview.label')} dir={arabic ? 'rtl' : 'ltr'} lang={language}>
      {mode === 'description' ? (
        description ? (
          <div className="prose" dangerouslySetInnerHTML={{ __html: description }} />
        ) : (
          <p className="muted">{t('blogs.preview.empty')}</p>
        )
      ) : image || title ? (
        <div className="blog-preview__hero">
          {image ? <Media src={image} alt={title} sizes={HERO_SIZES} slotWidth={HERO_WIDTH} /> : null}
          {title ? <h2 className="blog-preview__title">{title}</h2> : null}
        </div>
      ) : (
        <p className="muted">{t('blogs.preview.empty')}</p>
      )}
    </section>
  );
}
