import { useTranslation } from 'react-i18next';
import { ClockIcon } from '@/components/icons/icons';
import type { EnquiryStatus, PageLanguage } from '../types';

/** The status in words (the colour only repeats it). */
export function StatusBadge({ status }: { status: EnquiryStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`status-badge status-badge--${status}`} data-status={status}>
      {t(`inbox.status.${status}`)}
    </span>
  );
}

/** An item still New a day after it came in: said in words, beside a clock. */
export function WaitingMarker() {
  const { t } = useTranslation();
  return (
    <span className="waiting-marker">
      <ClockIcon width={16} height={16} />
      {t('inbox.waiting')}
    </span>
  );
}

/** The language of the page it came from, in words (English / Arabic), the page spelt out on hover. */
export function PageLanguageTag({ lang }: { lang: PageLanguage }) {
  const { t } = useTranslation();
  const code = lang === 'ar' ? 'ar' : 'en';
  return (
    <span className="lang-tag" title={t(code === 'ar' ? 'inbox.lang.arPage' : 'inbox.lang.enPage')}>
      {t(`inbox.lang.${code}`)}
    </span>
  );
}
