import table from '../../../rules/forms.json';
import { ApiError, messageOr } from './api-client';
import { i18n } from './i18n';

/**
 * A toast's text: the server's message when it sends one (the specification's texts, in the
 * admin's language: the API answers in the language the admin asks for), else the translation.
 */
export function serverText(serverMessage: string | undefined, localized: string): string {
  return serverMessage || localized;
}

/** A message of the accounts' part of the one table (`rules/forms.json`), in the admin's language. */
export function accountsText(key: keyof typeof table.accounts): string {
  return table.accounts[key][i18n.language === 'ar' ? 'ar' : 'en'];
}

/**
 * A failure's text: the server's message when it sent one (a 403 says "You do not have permission
 * to do this." in the admin's language), else, for a 403 without a body, the server's own words
 * from the table, else the fallback.
 */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 403 && !error.fromServer) return accountsText('forbidden');
  return messageOr(error, fallback);
}
