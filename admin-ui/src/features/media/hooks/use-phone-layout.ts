import { useSyncExternalStore } from 'react';

/** Where the file's panel becomes a full-screen sheet (`styles/media.css` agrees). */
const PHONE = '(max-width: 720px)';

const query = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(PHONE) : null);

function subscribe(listener: () => void): () => void {
  const list = query();
  list?.addEventListener('change', listener);
  return () => list?.removeEventListener('change', listener);
}

/** True on a phone-sized screen (a browser without `matchMedia` counts as a desktop). */
export function usePhoneLayout(): boolean {
  const read = () => query()?.matches ?? false;
  return useSyncExternalStore(subscribe, read, () => false);
}
