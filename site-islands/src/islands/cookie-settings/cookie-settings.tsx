import { useTranslation } from 'react-i18next'
import { requestConsentBanner } from '../../lib/consent'

/** On the cookies policy page of a site with a tag manager: reopens the consent banner to change the choice. */
export default function CookieSettings(_props: { gtmId: string }) {
  const { t } = useTranslation()
  return (
    <div className="cookie-settings">
      <button type="button" className="button button-navy" onClick={requestConsentBanner}>
        {t('cookies.settings')}
      </button>
    </div>
  )
}
