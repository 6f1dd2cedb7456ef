export type Lang = 'en' | 'ar'

export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'ar'
}
