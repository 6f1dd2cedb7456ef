/**
 * What an editor changes on a file: its focal point (on the picture, with the crops it makes) and
 * its descriptions in English and Arabic (read aloud to blind visitors; up to 300 characters
 * each). Save sends them (`null` clears); the server's field errors land on their fields. Those
 * who may only upload see them read-only.
 */
import { useId } from 'react';
import { useFormContext, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { arabic, describedBy, english, TextAreaField, useFieldError } from '@/components/form/field';
import { Form } from '@/components/form/form';
import { LockedFields, useLocked } from '@/components/form/locked-fields';
import { Button } from '@/components/ui/button';
import { StoredImage } from '@/components/ui/media';
import { applyServerErrors } from '@/hooks/use-save-and-return';
import { mediaTypeOf } from '@/lib/media-library';
import { failureText, serverText } from '@/lib/messages';
import { twin } from '@/lib/mutations';
import { trackPublish } from '@/lib/publish-status';
import { useUpdateMedia } from '../api/update-media';
import { ALT_MAX, type MediaDetail } from '../types';
import { CropPreviews } from './crop-previews';
import { FocalPointPicker, type FocalPoint } from './focal-point-picker';

type Values = { alt: string; alt_ar: string; focal_x: number | null; focal_y: number | null };

const valuesOf = (item: Pick<MediaDetail, 'alt' | 'alt_ar' | 'focal_x' | 'focal_y'>): Values => ({
  alt: item.alt ?? '',
  alt_ar: item.alt_ar ?? '',
  focal_x: item.focal_x,
  focal_y: item.focal_y,
});

/** The picture's widest CSS width in the panel (`.focal-picker`). */
const PICTURE_WIDTH = 440;

function AltCounter({ name }: { name: 'alt' | 'alt_ar' }) {
  const { t, i18n } = useTranslation();
  const value = useWatch<Values, typeof name>({ name });
  const used = new Intl.NumberFormat(i18n.language === 'ar' ? 'ar-u-nu-latn' : 'en').format(value?.length ?? 0);
  return <span className="alt-counter">{t('library.alt.counter', { used, max: ALT_MAX })}</span>;
}

function FocalField({ item }: { item: MediaDetail }) {
  const { t } = useTranslation();
  const id = useId();
  const { control, setValue } = useFormContext<Values>();
  const [x, y] = useWatch({ control, name: ['focal_x', 'focal_y'] });
  const locked = useLocked();
  const errorX = useFieldError('focal_x');
  const errorY = useFieldError('focal_y');
  const error = errorX ?? errorY;
  const hint = t('library.focal.hint');
  const point = x === null || y === null || x === undefined || y === undefined ? null : { x, y };
  const set = (next: FocalPoint | null) => {
    setValue('focal_x', next?.x ?? null, { shouldDirty: true });
    setValue('focal_y', next?.y ?? null, { shouldDirty: true });
  };
  return (
    <div className={`field focal-field${error ? ' field--invalid' : ''}`}>
      <div className="field__label-row">
        <span className="field__label" id={`${id}-label`}>
          {t('library.focal.label')}
        </span>
      </div>
      <FocalPointPicker id={id} value={point} onChange={set} disabled={locked} invalid={Boolean(error)} describedBy={describedBy(id, error, hint)}>
        <StoredImage
          className="focal-picker__img"
          src={item.url}
          alt=""
          sizes={`(max-width: ${PICTURE_WIDTH + 40}px) 100vw, ${PICTURE_WIDTH}px`}
          slotWidth={PICTURE_WIDTH}
          loading="eager"
          tint
        />
      </FocalPointPicker>
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
      {point && !locked ? (
        <button type="button" className="link-btn focal-field__reset" onClick={() => set(null)}>
          {t('library.focal.reset')}
        </button>
      ) : null}
      <CropPreviews src={item.url} point={point} />
    </div>
  );
}

export function MediaEditForm({ item, canManage }: { item: MediaDetail; canManage: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateMedia(item.name);

  const submit = async (values: Values, methods: UseFormReturn<Values>) => {
    const change = { alt: twin(values.alt), alt_ar: twin(values.alt_ar), focal_x: values.focal_x, focal_y: values.focal_y };
    try {
      const saved = await update.mutateAsync(change);
      toast.success(serverText(saved.message, t('library.saved')));
      // Every page that shows the file is republished: the top bar follows it.
      void trackPublish();
      methods.reset(valuesOf(saved.item ?? change));
    } catch (error) {
      applyServerErrors(error, methods);
      toast.error(failureText(error, t('library.saveFailed')));
    }
  };

  return (
    <Form<Values> defaultValues={valuesOf(item)} onSubmit={submit} className="form media-form" label={t('library.detail.formLabel')}>
      {(methods) => (
        <>
          <LockedFields locked={!canManage} note={t('library.readOnly')}>
            {mediaTypeOf(item) !== 'video' ? <FocalField item={item} /> : null}
            <TextAreaField<Values>
              name="alt"
              label={t('library.alt.en')}
              hint={
                <>
                  {t('library.alt.hint')} <AltCounter name="alt" />
                </>
              }
              rows={2}
              maxLength={ALT_MAX}
              {...english}
            />
            <TextAreaField<Values>
              name="alt_ar"
              label={t('library.alt.ar')}
              hint={
                <>
                  {t('library.alt.arHint')} <AltCounter name="alt_ar" />
                </>
              }
              rows={2}
              maxLength={ALT_MAX}
              {...arabic}
            />
          </LockedFields>
          {canManage ? (
            <div className="form__actions">
              <Button type="submit" busy={methods.formState.isSubmitting}>
                {t('library.save')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </Form>
  );
}
