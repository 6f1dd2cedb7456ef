import { ButtonLink } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** A screen that only says why there is nothing here, inside the shell, with the way back to the start. */
export function MessagePage({ title, hint, back }: { title: string; hint: string; back: string }) {
  useDocumentTitle(title);
  return (
    <section className="page not-found" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {title}
      </h1>
      <p className="muted">{hint}</p>
      <ButtonLink to="/" variant="secondary">
        {back}
      </ButtonLink>
    </section>
  );
}
