import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Tabs } from '../ui/tabs';
import { EnglishOfContext, type EnglishOf } from './english-beside';

/**
 * What a link to a content form carries (`<Link state>`) to open it on the Arabic tab: the
 * translations' worklist does, so the form opens where the work is.
 */
export const ARABIC_TAB_STATE = { languageTab: 'ar' } as const;

const opensInArabic = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as { languageTab?: unknown }).languageTab === ARABIC_TAB_STATE.languageTab;

type LanguageTabsProps = {
  english: ReactNode;
  arabic: ReactNode;
  /** Fields in the Arabic tab: the tab opens when the first error is one of them. */
  arabicFields: readonly string[];
  /** Set by the form's invalid handler: the fields that failed, in order. */
  failedFields: string[];
  /** The English field of each Arabic one, whose text the Arabic tab shows beside it. */
  englishOf: EnglishOf;
};

/**
 * English and Arabic tabs of a content form; the Arabic panel's inputs are typed right to left,
 * each beside its English text. The English tab opens first, unless the link asked for Arabic.
 */
export function LanguageTabs({ english, arabic, arabicFields, failedFields, englishOf }: LanguageTabsProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const [active, setActive] = useState(() => (opensInArabic(location.state) ? 'ar' : 'en'));
  const [seen, setSeen] = useState(failedFields);
  const arabicInvalid = failedFields.some((field) => arabicFields.includes(field));
  const englishInvalid = failedFields.some((field) => !arabicFields.includes(field));
  if (seen !== failedFields) {
    setSeen(failedFields);
    if (failedFields.length > 0) setActive(arabicFields.includes(failedFields[0]) ? 'ar' : 'en');
  }
  return (
    <Tabs
      label={t('common.languageTabs')}
      active={active}
      onChange={setActive}
      items={[
        { key: 'en', label: t('common.english'), panel: english, invalid: englishInvalid },
        {
          key: 'ar',
          label: t('common.arabic'),
          lang: 'ar',
          invalid: arabicInvalid,
          panel: (
            <div className="arabic-panel">
              <p className="form__hint">{t('common.arabicHint')}</p>
              <EnglishOfContext.Provider value={englishOf}>{arabic}</EnglishOfContext.Provider>
            </div>
          ),
        },
      ]}
    />
  );
}
