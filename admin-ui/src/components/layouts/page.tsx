import type { ReactNode } from 'react';

type PageProps = {
  title: string;
  /** Beside the title: a count, who is signed in. */
  aside?: ReactNode;
  /** The page's own buttons, at the end of its header. */
  actions?: ReactNode;
  children: ReactNode;
};

/** A screen of the admin: its heading (which names the page's section), then its content. */
export function Page({ title, aside, actions, children }: PageProps) {
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page__header">
        <div className="page__heading">
          <h1 id="page-title" className="page__title">
            {title}
          </h1>
          {aside}
        </div>
        {actions ? <div className="page__actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}
