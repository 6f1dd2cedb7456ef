/**
 * The file dropzone of content forms: one file (JPG, PNG, WebP, AVIF, SVG, MP4, WebM, OGG; at most 20 MB),
 * previewed before saving. The chosen file lives in the form (`fileName`); the stored address
 * (`urlName`) is kept when no new file is chosen. Uploading happens on save, with a progress
 * bar; a stored image then shows what the server made of it (its sizes, or why not). Whoever may
 * upload may instead choose a file already in the media library: its address becomes the stored
 * one, as an upload's would on save.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { useController, useFormContext, useWatch, type FieldValues, type Path, type PathValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { MAX_UPLOAD_BYTES, UPLOAD_TYPES } from '@/config/constants';
import { mediaName, useMediaInfo } from '@/lib/media-info';
import { fileNameOf, MEDIA_TYPES, PICTURE_TYPES } from '@/lib/media-library';
import { usePermissions } from '@/lib/permissions';
import { isVideo } from '@/lib/upload';
import { useUploadProgress } from '@/lib/upload-progress';
import { UploadIcon } from '../icons/icons';
import { describedBy, FieldShell, useFieldError, useFieldLabel } from '../form/field';
import { useLocked } from '../form/locked-fields';
import { StoredImage } from '../ui/media';
import { LibraryPicker } from './library-picker';
import { MediaStatus } from './media-status';
import { UploadProgress } from './upload-progress';

type UploadFieldProps<V extends FieldValues> = {
  fileName: Path<V>;
  urlName: Path<V>;
  label: string;
  required?: boolean;
  /** Banner previews are capped at 300 px high. */
  previewMaxHeight?: number;
  /** The library offers videos too (the site shows none yet: pictures only by default). */
  acceptsVideo?: boolean;
};

/** The preview's widest CSS width (`.upload-preview img`) and its `sizes`. */
const PREVIEW_WIDTH = 420;
const PREVIEW_SIZES = `(max-width: ${PREVIEW_WIDTH + 40}px) 100vw, ${PREVIEW_WIDTH}px`;

/** One rejection toast at a time: a new refusal replaces the last instead of stacking. */
const REJECTION_TOAST_ID = 'upload-rejected';

export function rejectionMessage(rejections: FileRejection[], t: (key: 'upload.invalidType' | 'upload.tooLarge' | 'upload.otherError') => string): string {
  const codes = rejections.flatMap((rejection) => rejection.errors.map((error) => error.code));
  if (codes.includes('file-invalid-type')) return t('upload.invalidType');
  if (codes.includes('file-too-large')) return t('upload.tooLarge');
  return t('upload.otherError');
}

export function UploadField<V extends FieldValues>({ fileName, urlName, label, required, previewMaxHeight, acceptsVideo = false }: UploadFieldProps<V>) {
  const { t } = useTranslation();
  const id = useId();
  useFieldLabel(urlName, label);
  useFieldLabel(fileName, label);
  const { control, clearErrors, setValue } = useFormContext<V>();
  const { can } = usePermissions();
  /** The name of the file last chosen from the library, for the caption. */
  const [picked, setPicked] = useState<string | null>(null);
  const { field } = useController({ control, name: fileName });
  const existing = useWatch({ control, name: urlName }) as string | undefined;
  const urlError = useFieldError(urlName);
  const fileError = useFieldError(fileName);
  const fieldError = urlError ?? fileError;
  const [rejected, setRejected] = useState<string | null>(null);
  const value: unknown = field.value;
  const file = value instanceof File ? value : null;
  const sent = useUploadProgress(file);
  const uploading = sent !== null;
  const locked = useLocked();
  const stored = file ? null : (existing ?? null);
  const { data: info } = useMediaInfo(stored);

  const objectUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => {
    if (objectUrl) URL.revokeObjectURL(objectUrl);
  }, [objectUrl]);

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    noClick: true,
    noKeyboard: true,
    accept: UPLOAD_TYPES,
    maxSize: MAX_UPLOAD_BYTES,
    multiple: false,
    maxFiles: 1,
    disabled: uploading || locked,
    onDropAccepted: (files) => {
      setRejected(null);
      setPicked(null);
      field.onChange(files[0]);
      clearErrors([urlName, fileName]);
    },
    onDropRejected: (rejections) => {
      const message = rejectionMessage(rejections, t);
      setRejected(message);
      toast.error(message, { id: REJECTION_TOAST_ID });
    },
    onError: () => {
      const message = t('upload.otherError');
      setRejected(message);
      toast.error(message, { id: REJECTION_TOAST_ID });
    },
  });

  const error = rejected ?? fieldError;
  const hint = t('upload.hint');
  const previewSource = objectUrl ?? existing ?? '';
  const previewIsVideo = file ? isVideo(file) : existing ? isVideo(existing) : false;
  const previewName = file?.name ?? existing ?? '';
  const previewAlt = t('upload.previewAlt', { name: previewName });
  const previewStyle = previewMaxHeight ? { maxHeight: previewMaxHeight } : undefined;
  // The zone takes drops; the button inside it is the one control for mouse and keyboard.
  const rootProps = getRootProps({
    className: `dropzone${isDragActive ? ' dropzone--active' : ''}${error ? ' dropzone--invalid' : ''}`,
    role: undefined,
    tabIndex: undefined,
  });

  return (
    <FieldShell id={id} label={label} error={error ?? undefined} required={required}>
      <div {...rootProps}>
        <input {...getInputProps({ id: `${id}-file`, name: String(fileName) })} />
        <button
          ref={field.ref}
          id={id}
          type="button"
          className="dropzone__button"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error ?? undefined, hint)}
          disabled={uploading || locked}
          onClick={open}
        >
          <UploadIcon width={28} height={28} />
          <span className="dropzone__prompt">{isDragActive ? t('upload.active') : t('upload.prompt')}</span>
          <span className="dropzone__hint" id={`${id}-hint`}>
            {hint}
          </span>
        </button>
      </div>
      {can('media.upload') && !locked ? (
        <div className="upload-field__library">
          <LibraryPicker
            types={acceptsVideo ? MEDIA_TYPES : PICTURE_TYPES}
            current={file ? null : mediaName(existing)}
            disabled={uploading}
            onChoose={(item) => {
              // As an upload does on save: the file's address is the field's, no file waits to be sent.
              field.onChange(null);
              setValue(urlName, item.url as PathValue<V, Path<V>>, { shouldDirty: true });
              clearErrors([urlName, fileName]);
              setRejected(null);
              setPicked(fileNameOf(item));
            }}
          />
        </div>
      ) : null}
      {previewSource ? (
        <figure className="upload-preview" data-testid="upload-preview">
          {previewIsVideo ? (
            <video src={previewSource} controls muted playsInline style={previewStyle} />
          ) : stored ? (
            <StoredImage src={stored} alt={previewAlt} sizes={PREVIEW_SIZES} slotWidth={PREVIEW_WIDTH} style={previewStyle} loading="eager" />
          ) : (
            <img src={previewSource} alt={previewAlt} style={previewStyle} />
          )}
          {file && sent !== null ? <UploadProgress sent={sent} name={file.name} /> : null}
          <figcaption>
            <span className="upload-preview__caption">
              {file ? t('upload.chosen', { name: file.name }) : picked ? t('library.picker.chosen', { name: picked }) : t('upload.current')}
              {file && !uploading ? (
                <button
                  type="button"
                  className="link-btn"
                  onClick={() => {
                    field.onChange(null);
                    setRejected(null);
                  }}
                >
                  {t('upload.discard')}
                </button>
              ) : null}
            </span>
            {mediaName(stored) ? (
              <div className="upload-preview__status" role="status">
                {info ? <MediaStatus info={info} /> : null}
              </div>
            ) : null}
          </figcaption>
        </figure>
      ) : null}
    </FieldShell>
  );
}
