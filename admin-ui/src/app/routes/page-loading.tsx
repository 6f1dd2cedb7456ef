import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';

export function PageLoading() {
  const { t } = useTranslation();
  return <Spinner label={t('app.loading')} />;
}
