import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** A screen the signed-in administrator's role may not use (typed or bookmarked), inside the shell. */
export default function Forbidden() {
  const { t } = useTranslation();
  useDocumentTitle(t('app.forbidden'));
  return (
    <section className="page not-found" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {t('app.forbidden')}
      </h1>
      <p className="muted">{t('app.forbiddenHint')}</p>
      <ButtonLink to="/" variant="secondary">
        {t('app.goToStart')}
      </ButtonLink>
    </section>
  );
}
