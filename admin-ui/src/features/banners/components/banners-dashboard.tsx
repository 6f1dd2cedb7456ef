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
import { useDeleteBanner } from '../api/delete-banner';
import { useBanners } from '../api/get-banners';
import type { Banner } from '../types';

export function BannersDashboard() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const [filter, setFilter] = useListFilter();
  const query = useBanners(page, filter);
  const remove = useDeleteBanner();
  const nameOf = (b: Banner) => b.banner_name || b.title || `#${b.id}`;
  return (
    <CrudDashboard<Banner>
      title={t('banners.title')}
      access={ACCESS.content}
      add={{ label: t('banners.add'), to: paths.addBanner }}
      filter={{ value: filter, onChange: setFilter }}
      query={query}
      page={page}
      onPageChange={setPage}
      rowName={nameOf}
      columns={[
        { key: 'image', header: t('banners.columns.image'), width: 'media', cell: (b) => <Thumb src={b.banner_url} alt={nameOf(b)} /> },
        { key: 'name', header: t('banners.columns.name'), cell: (b) => <span className="cell-title">{b.banner_name}</span> },
        { key: 'title', header: t('banners.columns.title'), width: 'wide', cell: (b) => b.title },
        { key: 'status', header: t('lifecycle.status'), cell: (b) => <StatusBadge record={b} /> },
        {
          key: 'link',
          header: t('banners.columns.link'),
          cell: (b) => (b.web_url ? <span className="cell-link" dir="ltr">{b.web_url}</span> : '—'),
        },
      ]}
      view={{
        title: t('banners.details'),
        render: (b) => (
          <div className="details-view">
            <Media src={b.banner_url} alt={nameOf(b)} className="details-view__media details-view__media--banner" />
            <DetailsList
              items={[
                { label: t('banners.fields.bannerName'), value: b.banner_name },
                { label: t('banners.fields.imageId'), value: b.image_id },
                { label: t('banners.fields.title'), value: b.title },
                { label: t('banners.fields.titleAr'), value: b.title_ar, lang: 'ar', dir: 'rtl' },
                { label: t('banners.fields.subTitle'), value: b.sub_title },
                { label: t('banners.fields.subTitleAr'), value: b.sub_title_ar, lang: 'ar', dir: 'rtl' },
                { label: t('banners.fields.webUrl'), value: b.web_url ? <span dir="ltr">{b.web_url}</span> : '' },
                { label: t('common.createdAt'), value: formatDateTime(b.created_at) },
                { label: t('common.updatedAt'), value: formatDateTime(b.updated_at) },
              ]}
            />
          </div>
        ),
      }}
      editTo={(b) => formPath(paths.addBanner, b.id)}
      remove={{ run: (b) => remove.mutateAsync(b), success: t('banners.toast.deleted'), onDone: () => void trackPublish() }}
    />
  );
}
