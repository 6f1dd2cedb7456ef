import { useTranslation } from 'react-i18next';
import { CrudDashboard } from '@/components/data-table/crud-dashboard';
import { useListFilter } from '@/components/data-table/use-list-filter';
import { StatusBadge } from '@/components/lifecycle/lifecycle-panel';
import { DetailsList } from '@/components/ui/details-list';
import { Media, Thumb } from '@/components/ui/media';
import { formPath, paths } from '@/config/paths';
import { usePageParam } from '@/hooks/use-page-param';
import { formatDateTime } from '@/lib/dates';
import { ACCESS } from '@/lib/permissions';
import { trackPublish } from '@/lib/publish-status';
import { useDeleteClientReview } from '../api/delete-client-review';
import { useClientReviews } from '../api/get-client-reviews';
import type { ClientReview } from '../types';

export function ClientReviewsDashboard() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const [filter, setFilter] = useListFilter();
  const query = useClientReviews(page, filter);
  const remove = useDeleteClientReview();
  return (
    <CrudDashboard<ClientReview>
      title={t('reviews.title')}
      access={ACCESS.content}
      add={{ label: t('reviews.add'), to: paths.addReview }}
      filter={{ value: filter, onChange: setFilter }}
      query={query}
      page={page}
      onPageChange={setPage}
      rowName={(review) => review.title}
      columns={[
        { key: 'image', header: t('reviews.columns.image'), width: 'media', cell: (r) => <Thumb src={r.image_url} alt={r.name} /> },
        { key: 'title', header: t('reviews.columns.title'), width: 'wide', cell: (r) => <span className="cell-title">{r.title}</span> },
        { key: 'status', header: t('lifecycle.status'), cell: (r) => <StatusBadge record={r} /> },
        { key: 'name', header: t('reviews.columns.name'), cell: (r) => r.name },
        { key: 'order', header: t('reviews.columns.displayOrder'), width: 'narrow', cell: (r) => r.display_order },
      ]}
      view={{
        title: t('reviews.details'),
        render: (r) => (
          <div className="details-view">
            <Media src={r.image_url} alt={r.name} className="details-view__media details-view__media--portrait" />
            <DetailsList
              items={[
                { label: t('reviews.fields.title'), value: r.title },
                { label: t('reviews.fields.titleAr'), value: r.title_ar, lang: 'ar', dir: 'rtl' },
                { label: t('reviews.fields.name'), value: r.name },
                { label: t('reviews.fields.nameAr'), value: r.name_ar, lang: 'ar', dir: 'rtl' },
                { label: t('reviews.fields.description'), value: <p className="pre-line">{r.description}</p> },
                { label: t('reviews.fields.descriptionAr'), value: r.description_ar ? <p className="pre-line">{r.description_ar}</p> : '', lang: 'ar', dir: 'rtl' },
                { label: t('reviews.fields.displayOrder'), value: r.display_order },
                { label: t('common.createdAt'), value: formatDateTime(r.created_at) },
                { label: t('common.updatedAt'), value: formatDateTime(r.updated_at) },
              ]}
            />
          </div>
        ),
      }}
      editTo={(r) => formPath(paths.addReview, r.id)}
      remove={{ run: (r) => remove.mutateAsync(r), success: t('reviews.toast.deleted'), onDone: () => void trackPublish() }}
    />
  );
}
