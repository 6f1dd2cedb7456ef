import { messageOr } from './api-client';

/**
 * A toast's text: the server's message when it sends one (the specification's texts, in the
 * admin's language: the API answers in the language the admin asks for), else the translation.
 */
export function serverText(serverMessage: string | undefined, localized: string): string {
  return serverMessage || localized;
}

/** A failure toast's text: the server's message when it sent one, else the fallback. */
export const failureText = messageOr;
