import { useTranslation } from 'react-i18next';
import { setLanguage } from '@/lib/i18n';
import { GlobeIcon } from '../icons/icons';

/** Switches between English and Arabic; the choice is remembered. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const next = i18n.language === 'ar' ? 'en' : 'ar';
  return (
    <button
      type="button"
      className="btn btn--ghost btn--small language-switch"
      lang={next}
      aria-label={t('language.switchToLabel')}
      onClick={() => void setLanguage(next)}
    >
      <GlobeIcon width={18} height={18} />
      {t('language.switchTo')}
    </button>
  );
}
