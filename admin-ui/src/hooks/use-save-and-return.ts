/**
 * What every content form does on submit: upload a newly chosen file first (each in turn, in a
 * form with several; the upload field shows how much is sent; its address replaces the stored
 * one; a failed upload stops the save with "Failed to upload image"), then POST or PUT; on
 * success a toast, a publish watch for public content, and back to the dashboard after about a
 * second; on failure the server's field errors land on their fields. A save that fails before its
 * request is sent says so with its own message (e.g. "Error submitting blog"). A save refused
 * because someone else saved first (a 409 with its conflict) is rethrown for the content form to
 * merge. `draft` builds the same body without uploading or sending anything (a newly chosen file
 * is not in it: the stored address is), for Preview of unsaved changes.
 */
import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { REDIRECT_AFTER_SAVE_MS } from '@/config/constants';
import { ApiError, conflictOf, RequestNotSentError, type Saved } from '@/lib/api-client';
import { failureText, serverText } from '@/lib/messages';
import { usePermissions } from '@/lib/permissions';
import { trackPublish } from '@/lib/publish-status';
import { uploadFile } from '@/lib/upload';
import { reportUploadProgress } from '@/lib/upload-progress';

/** An upload of the form: its file field and its stored-address field. */
type MediaField<V extends FieldValues> = { file: Path<V>; url: Path<V> };

type SaveOptions<V extends FieldValues, P> = {
  /** The form's upload, or its uploads (each sent in turn). */
  media?: MediaField<V> | readonly MediaField<V>[];
  /** `values` hold each upload's new address; `mediaUrl` is the (first) upload's. */
  toPayload: (values: V, mediaUrl: string) => P;
  save: (payload: P) => Promise<Saved<unknown>>;
  /**
   * `failure`: the request failed; `notSent`: the save failed before its request was sent (the
   * payload could not be built or serialised), `failure` when not given.
   */
  messages: { success: string; failure: string; notSent?: string };
  /** The dashboard to return to (may depend on what was saved). */
  returnTo: string | ((values: V) => string);
  /** Public content: watch the site being republished. */
  publishes: boolean;
  /** Server field names that the form holds under another name. */
  fieldAliases?: Record<string, Path<V>>;
};

export function applyServerErrors<V extends FieldValues>(
  error: unknown,
  methods: Pick<UseFormReturn<V>, 'setError' | 'getValues'>,
  aliases: Record<string, Path<V>> = {},
): string[] {
  // 400: a rule failed; 403: the role may not change these fields (a translator's non-Arabic ones).
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 403)) return [];
  const known = methods.getValues() as Record<string, unknown>;
  const applied: string[] = [];
  Object.entries(error.errors).forEach(([field, message]) => {
    const target = aliases[field] ?? field;
    if (target in known) {
      methods.setError(target as Path<V>, { type: 'server', message });
      applied.push(target);
    }
  });
  return applied;
}

export function useSaveAndReturn<V extends FieldValues, P>(options: SaveOptions<V, P>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const [done, setDone] = useState(false);

  /**
   * `lifecycle`: public content's status and schedule, and the version the form read, sent beside
   * the fields (the API client sends the version as `If-Match`).
   */
  const uploads: readonly MediaField<V>[] = options.media === undefined ? [] : 'file' in options.media ? [options.media] : options.media;

  /** A newly chosen file of `media` sent; its address is the field's. `null` when the upload failed (said). */
  const upload = async (media: MediaField<V>, values: V, methods: UseFormReturn<V>): Promise<string | null> => {
    const file = values[media.file] as unknown;
    if (!(file instanceof File)) return String(values[media.url] ?? '');
    let url: string;
    try {
      url = await uploadFile(file, { onProgress: (sent) => reportUploadProgress(file, sent) });
    } catch (error) {
      toast.error(t('upload.failed'), {
        description: error instanceof ApiError && error.fromServer ? error.message : undefined,
      });
      return null;
    } finally {
      reportUploadProgress(file, null);
    }
    methods.setValue(media.url, url as V[Path<V>]);
    methods.setValue(media.file, null as V[Path<V>]);
    return url;
  };

  const submit = async (values: V, methods: UseFormReturn<V>, lifecycle?: Record<string, unknown>): Promise<string[]> => {
    let sent = values;
    for (const media of uploads) {
      const url = await upload(media, sent, methods);
      if (url === null) return [];
      sent = { ...sent, [media.url]: url, [media.file]: null };
    }
    const mediaUrl = uploads[0] ? String(sent[uploads[0].url] ?? '') : '';
    const notSent = options.messages.notSent ?? options.messages.failure;
    let payload: P;
    try {
      payload = options.toPayload(sent, mediaUrl);
      if (lifecycle) payload = { ...payload, ...lifecycle };
    } catch {
      toast.error(notSent);
      return [];
    }
    try {
      const saved = await options.save(payload);
      const draft = can('content.publish') ? t('lifecycle.savedDraft') : t('lifecycle.savedForReview');
      toast.success(lifecycle?.status === 'draft' ? draft : serverText(saved.message, options.messages.success));
      setDone(true);
      if (options.publishes) void trackPublish();
      const target = typeof options.returnTo === 'function' ? options.returnTo(values) : options.returnTo;
      window.setTimeout(() => navigate(target), REDIRECT_AFTER_SAVE_MS);
      return [];
    } catch (error) {
      if (error instanceof RequestNotSentError) {
        toast.error(notSent);
        return [];
      }
      if (conflictOf(error)) throw error;
      const fields = applyServerErrors(error, methods, options.fieldAliases);
      toast.error(failureText(error, options.messages.failure));
      return fields;
    }
  };

  /** What a save of `values` would send (the version left out: nothing is written). */
  const draft = (values: V, lifecycle?: Record<string, unknown>): P => {
    const mediaUrl = uploads[0] ? String(values[uploads[0].url] ?? '') : '';
    const { version: _version, ...rest } = lifecycle ?? {};
    return { ...options.toPayload(values, mediaUrl), ...rest };
  };

  return { submit, done, draft };
}
