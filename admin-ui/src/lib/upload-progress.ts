/**
 * How far the upload of a chosen file has got, told by the save (which sends the file) to the
 * upload field (which shows it), keyed by the `File` itself: the field holds the same object in
 * its form value, so no form needs wiring for it.
 */
import { useCallback, useSyncExternalStore } from 'react';

const sent = new WeakMap<File, number>();
const listeners = new Set<() => void>();

/** `share` from 0 to 1 while the file is being sent; `null` once its upload has ended. */
export function reportUploadProgress(file: File, share: number | null): void {
  if (share === null) sent.delete(file);
  else sent.set(file, share);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The share of `file` sent so far, or `null` when it is not being uploaded. */
export function useUploadProgress(file: File | null): number | null {
  const read = useCallback(() => (file ? (sent.get(file) ?? null) : null), [file]);
  return useSyncExternalStore(subscribe, read, read);
}
