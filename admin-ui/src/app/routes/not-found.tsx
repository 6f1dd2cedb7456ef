import { useTranslation } from 'react-i18next';
import { MessagePage } from './message-page';

/** An unknown admin path, inside the shell. */
export default function NotFound() {
  const { t } = useTranslation();
  return <MessagePage title={t('app.notFound')} hint={t('app.notFoundHint')} back={t('app.goToStart')} />;
}
