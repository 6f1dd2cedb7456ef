import type { Bilingual } from '@/lib/kinds';

/** How an Arabic field stands: empty beside a filled English one, or older than its English. */
export const TRANSLATION_STATES = ['missing', 'outdated'] as const;
export type TranslationState = (typeof TRANSLATION_STATES)[number];

export const isTranslationState = (value: unknown): value is TranslationState => (TRANSLATION_STATES as readonly unknown[]).includes(value);

/** An Arabic field that needs a translator. */
export type FieldToTranslate = {
  /** The English field (`description`). */
  field: string;
  /** Its Arabic twin (`description_ar`). */
  twin: string;
  /** The English field's label in the form, in both languages. */
  label: Bilingual;
  state: TranslationState;
  /** When the English last changed (`null` when the history does not say). */
  englishChangedAt: string | null;
};

/** An item with Arabic to write or to read again (`GET /translations`). */
export type ToTranslate = {
  kind: string;
  /** What one item of the kind is called. */
  one: Bilingual;
  id: number;
  title: string | null;
  fields: FieldToTranslate[];
};

/** The worklist's view: every state and kind when left out. */
export type TranslationFilters = { state?: TranslationState; kind?: string };

export const translationKeys = {
  all: ['translations'] as const,
  list: (filters: TranslationFilters) => ['translations', filters] as const,
};
