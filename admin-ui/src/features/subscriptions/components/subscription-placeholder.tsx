import { useTranslation } from 'react-i18next';
import { FormPage } from '@/components/form/form-page';
import { paths } from '@/config/paths';

/** `addsubscription`: a placeholder in the specification; subscriptions come from the website. */
export function SubscriptionPlaceholder() {
  const { t } = useTranslation();
  return (
    <FormPage title={t('subscriptions.placeholderTitle')} back={{ to: paths.subscriptions, label: t('subscriptions.back') }}>
      {() => <p className="muted">{t('subscriptions.placeholderBody')}</p>}
    </FormPage>
  );
}
