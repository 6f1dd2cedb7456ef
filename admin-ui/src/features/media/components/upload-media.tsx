/**
 * Upload on the Media page: one or more files (the upload field's types and 20 MB limit), sent one
 * after the other through `POST /blob-upload` with a progress bar; the last one sent opens in the
 * panel, where its description and focal point are given.
 */
import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { UploadIcon } from '@/components/icons/icons';
import { Button } from '@/components/ui/button';
import { rejectionMessage } from '@/components/upload/upload-field';
import { UploadProgress } from '@/components/upload/upload-progress';
import { MAX_UPLOAD_BYTES, UPLOAD_TYPES } from '@/config/constants';
import { ApiError } from '@/lib/api-client';
import { mediaName } from '@/lib/media-info';
import { mediaLibraryKeys } from '@/lib/media-library';
import { uploadFile } from '@/lib/upload';

type Sending = { file: File; sent: number };

export function useMediaUpload(onUploaded: (name: string) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState<Sending | null>(null);

  const send = async (files: File[]) => {
    let last: string | null = null;
    for (const file of files) {
      setSending({ file, sent: 0 });
      try {
        const url = await uploadFile(file, { onProgress: (sent) => setSending({ file, sent }) });
        toast.success(t('library.uploaded', { name: file.name }));
        last = mediaName(url) ?? last;
      } catch (error) {
        toast.error(t('upload.failed'), { description: error instanceof ApiError && error.fromServer ? `${file.name}: ${error.message}` : file.name });
      }
    }
    setSending(null);
    await queryClient.invalidateQueries({ queryKey: mediaLibraryKeys.lists() });
    if (last) onUploaded(last);
  };

  const dropzone = useDropzone({
    noClick: true,
    noKeyboard: true,
    noDrag: true,
    accept: UPLOAD_TYPES,
    maxSize: MAX_UPLOAD_BYTES,
    multiple: true,
    disabled: sending !== null,
    onDropAccepted: (files) => void send(files),
    onDropRejected: (rejections) => toast.error(rejectionMessage(rejections, t), { id: 'library-upload-rejected' }),
  });

  return { ...dropzone, sending };
}

type Upload = ReturnType<typeof useMediaUpload>;

/** The page's Upload button (its file input lives with the progress). */
export function UploadButton({ upload }: { upload: Upload }) {
  const { t } = useTranslation();
  return (
    <Button icon={<UploadIcon width={18} height={18} />} busy={upload.sending !== null} onClick={upload.open}>
      {t('library.upload')}
    </Button>
  );
}

/** The files' input, and the progress of the one being sent. */
export function UploadStatus({ upload }: { upload: Upload }) {
  const { t } = useTranslation();
  return (
    <>
      {/* Out of the layout (the dropzone's own style leaves a zero-sized box that takes a gap). */}
      <input {...upload.getInputProps({ 'aria-label': t('library.upload'), style: { display: 'none' } })} />
      {upload.sending ? (
        <div className="card media-uploading">
          <UploadProgress sent={upload.sending.sent} name={upload.sending.file.name} />
        </div>
      ) : null}
    </>
  );
}
