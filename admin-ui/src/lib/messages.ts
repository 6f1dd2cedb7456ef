import { messageOr } from './api-client';
import { i18n } from './i18n';

/**
 * A toast's text: the server's message when it sends one (its English texts are the
 * specification's), the translation when the admin works in Arabic.
 */
export function serverText(serverMessage: string | undefined, localized: string): string {
  if (i18n.language === 'ar') return localized;
  return serverMessage || localized;
}

/** A failure toast's text: the server's message when it sent one, else the fallback. */
export const failureText = messageOr;
