import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The browser tab names the page: "Blogs · Dar Wasl Concierge". */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  const brand = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} · ${brand}` : brand;
  }, [title, brand]);
}
