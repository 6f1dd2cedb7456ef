import { useTranslation } from 'react-i18next';
import { CrudDashboard } from '@/components/data-table/crud-dashboard';
import { usePageParam } from '@/hooks/use-page-param';
import { ACCESS } from '@/lib/permissions';
import { useDeleteSubscription } from '../api/delete-subscription';
import { useSubscriptions } from '../api/get-subscriptions';
import type { Subscription } from '../types';

/** Newsletter subscriptions: Email and Delete only. */
export function SubscriptionsDashboard() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const query = useSubscriptions(page);
  const remove = useDeleteSubscription();
  return (
    <CrudDashboard<Subscription>
      title={t('subscriptions.title')}
      access={ACCESS.subscriptions}
      query={query}
      page={page}
      onPageChange={setPage}
      rowName={(s) => s.email}
      columns={[{ key: 'email', header: t('subscriptions.columns.email'), width: 'wide', cell: (s) => <span dir="ltr">{s.email}</span> }]}
      remove={{ run: (s) => remove.mutateAsync(s.id), success: t('subscriptions.toast.deleted') }}
    />
  );
}
