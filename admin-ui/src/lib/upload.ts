/**
 * `POST /blob-upload` (multipart field `file`, bearer). On `{"status": 200, "responseData": url}`
 * the URL is the file's public address; anything else is an `ApiError`.
 */
import { ApiError, request } from './api-client';

type UploadEnvelope = { status?: number; responseData?: unknown };

export async function uploadFile(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const body = await request<UploadEnvelope>('/blob-upload', { method: 'POST', form });
  if (body?.status !== 200 || typeof body.responseData !== 'string' || body.responseData === '') {
    throw new ApiError(body?.status ?? 0, '', {}, false);
  }
  return body.responseData;
}

const VIDEO = /\.(mp4|webm|ogg|ogv)(\?|#|$)/i;

/** Whether a stored media address (or a chosen file) is a video rather than an image. */
export function isVideo(source: File | string): boolean {
  return typeof source === 'string' ? VIDEO.test(source) : source.type.startsWith('video/');
}
