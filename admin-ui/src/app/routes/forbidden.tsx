import { useTranslation } from 'react-i18next';
import { MessagePage } from './message-page';

/** A screen the signed-in administrator's role may not use (typed or bookmarked), inside the shell. */
export default function Forbidden() {
  const { t } = useTranslation();
  return <MessagePage title={t('app.forbidden')} hint={t('app.forbiddenHint')} back={t('app.goToStart')} />;
}
