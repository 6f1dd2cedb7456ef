/**
 * react-i18next with English (default and fallback) and Arabic (right to left). The admin's
 * choice is remembered in local storage and sets the document's language and direction.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ar } from '@/locales/ar';
import { en } from '@/locales/en';

export type Language = 'en' | 'ar';
export const LANGUAGE_KEY = 'concierge.admin.lang';

export function storedLanguage(): Language {
  try {
    return localStorage.getItem(LANGUAGE_KEY) === 'ar' ? 'ar' : 'en';
  } catch {
    return 'en';
  }
}

export function directionOf(language: string): 'rtl' | 'ltr' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

function applyToDocument(language: string): void {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

export function setLanguage(language: Language): Promise<unknown> {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage may be unavailable (private mode): the switch still applies to this visit.
  }
  return i18n.changeLanguage(language);
}

export function initI18n(language: Language = storedLanguage()) {
  if (!i18n.isInitialized) {
    i18n.on('languageChanged', applyToDocument);
    void i18n.use(initReactI18next).init({
      resources: { en: { translation: en }, ar: { translation: ar } },
      lng: language,
      fallbackLng: 'en',
      supportedLngs: ['en', 'ar'],
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
  } else if (i18n.language !== language) {
    void i18n.changeLanguage(language);
  }
  applyToDocument(i18n.language);
  return i18n;
}

export { i18n };
