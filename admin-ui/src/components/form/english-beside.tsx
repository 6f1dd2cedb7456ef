/**
 * The English text beside its Arabic twin (ARCHITECTURE.md, "Review and translation"): in the
 * Arabic tab of a content form, each Arabic field whose English field has a value shows that
 * value beside it (above it on a phone), read-only and labelled "English", so whoever writes the
 * Arabic reads what to translate without switching tabs. It follows the English as the form holds
 * it, unsaved edits included.
 */
import { createContext, useContext, useId, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { textOfMarkup } from '@/lib/plain-text';

/** The English field of an Arabic one (`description_ar` → `description`); none outside the Arabic tab. */
export type EnglishOf = (arabic: string) => string | undefined;

export const EnglishOfContext = createContext<EnglishOf>(() => undefined);

/** The English field of each Arabic one by name alone (`name_ar` → `name`), for forms of our own kinds. */
export const englishByName = (arabicFields: readonly string[]): EnglishOf => (arabic) =>
  arabicFields.includes(arabic) && arabic.endsWith('_ar') ? arabic.slice(0, -3) : undefined;

/** Rich text with nothing to read in it (`<p></p>`) is as empty as no text at all. */
const isBlank = (text: string, rich: boolean) => (rich ? textOfMarkup(text) : text.trim()) === '';

type EnglishBesideProps = {
  /** The Arabic field. */
  name: string;
  /** Its English is rich text (HTML from the editor, or as the server sanitised it on save). */
  rich?: boolean;
  /** The Arabic field itself. */
  children: ReactNode;
};

export function EnglishBeside({ name, rich = false, children }: EnglishBesideProps) {
  const { t } = useTranslation();
  const id = useId();
  const english = useContext(EnglishOfContext)(name);
  // Outside the Arabic tab nothing is watched: the field stays uncontrolled and quiet.
  const value: unknown = useWatch({ name: english ?? name, disabled: english === undefined });
  const text = typeof value === 'string' ? value : '';
  if (english === undefined) return <>{children}</>;
  // The field keeps its place in the tree whether or not the English shows (an editor inside keeps its state).
  const shown = !isBlank(text, rich);
  return (
    <div className={shown ? 'twin form__full' : 'twin--none'}>
      {shown ? (
        <div className="twin__english" role="group" aria-labelledby={id}>
          <p className="twin__label" id={id}>
            {t('common.english')}
          </p>
          {rich ? (
            // The form's own rich text: the editor's markup, as the blog preview shows it.
            <div className="twin__text prose" lang="en" dir="ltr" dangerouslySetInnerHTML={{ __html: text }} />
          ) : (
            <p className="twin__text pre-line" lang="en" dir="ltr">
              {text}
            </p>
          )}
        </div>
      ) : null}
      <div className={shown ? 'twin__arabic' : 'twin--none'}>{children}</div>
    </div>
  );
}
