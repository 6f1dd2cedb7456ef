/**
 * `POST /blob-upload` (multipart field `file`, bearer). On `{"status": 200, "responseData": url}`
 * the URL is the file's public address; anything else is an `ApiError`, as from the API client.
 * Sent with `XMLHttpRequest` rather than `fetch`, which cannot tell how much of a body is sent.
 */
import { ApiError, apiHeaders, apiUrl, errorFromBody } from './api-client';

type UploadEnvelope = { status?: number; responseData?: unknown };

export type UploadOptions = {
  /** Told the share of the request sent so far, from 0 to 1 (1: all sent, the server is checking it). */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
};

function addressFrom(text: string): string {
  let body: UploadEnvelope | null = null;
  try {
    body = JSON.parse(text) as UploadEnvelope | null;
  } catch {
    // Not JSON: refused below.
  }
  if (body?.status !== 200 || typeof body.responseData !== 'string' || body.responseData === '') {
    throw new ApiError(body?.status ?? 0, '', {}, false);
  }
  return body.responseData;
}

export function uploadFile(file: File, { onProgress, signal }: UploadOptions = {}): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const headers = apiHeaders(false);
  const sentToken = headers.has('authorization');

  return new Promise<string>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    let last = -1;
    const report = (share: number) => {
      if (share === last) return;
      last = share;
      onProgress?.(share);
    };
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('/blob-upload'));
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) report(Math.min(1, event.loaded / event.total));
    };
    xhr.upload.onload = () => report(1);
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(errorFromBody(xhr.status, xhr.responseText, sentToken));
        return;
      }
      try {
        resolve(addressFrom(xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiError(0, '', {}, false));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    report(0);
    xhr.send(form);
  });
}

const VIDEO = /\.(mp4|webm|ogg|ogv)(\?|#|$)/i;

/** Whether a stored media address (or a chosen file) is a video rather than an image. */
export function isVideo(source: File | string): boolean {
  return typeof source === 'string' ? VIDEO.test(source) : source.type.startsWith('video/');
}
