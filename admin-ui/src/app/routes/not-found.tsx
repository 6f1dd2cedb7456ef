import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** An unknown admin path, inside the shell. */
export default function NotFound() {
  const { t } = useTranslation();
  useDocumentTitle(t('app.notFound'));
  return (
    <section className="page not-found" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {t('app.notFound')}
      </h1>
      <p className="muted">{t('app.notFoundHint')}</p>
      <ButtonLink to="/" variant="secondary">
        {t('app.goToStart')}
      </ButtonLink>
    </section>
  );
}
