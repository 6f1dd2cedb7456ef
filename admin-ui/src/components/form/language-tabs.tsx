import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../ui/tabs';

type LanguageTabsProps = {
  english: ReactNode;
  arabic: ReactNode;
  /** Fields in the Arabic tab: the tab opens when the first error is one of them. */
  arabicFields: readonly string[];
  /** Set by the form's invalid handler: the fields that failed, in order. */
  failedFields: string[];
};

/** English and Arabic tabs of a content form; the Arabic panel's inputs are typed right to left. */
export function LanguageTabs({ english, arabic, arabicFields, failedFields }: LanguageTabsProps) {
  const { t } = useTranslation();
  const [active, setActive] = useState('en');
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
              {arabic}
            </div>
          ),
        },
      ]}
    />
  );
}
