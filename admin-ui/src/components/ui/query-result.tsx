import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '@/lib/messages';
import { Spinner } from './spinner';

/** What a list needs of its query (TanStack Query's result). */
type Loading = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/**
 * A list's query as the admin shows it everywhere: a spinner while it loads, the failure with
 * Retry when it failed, else `children`.
 */
export function QueryResult({ query, children }: { query: Loading; children: ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) return <Spinner label={t('common.loading')} />;
  if (query.isError) {
    return (
      <div className="notice notice--error" role="alert">
        <p>{failureText(query.error, t('common.loadFailed'))}</p>
        <button type="button" className="btn btn--secondary" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return <>{children}</>;
}
