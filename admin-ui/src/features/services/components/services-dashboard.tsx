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
import { useDeleteService } from '../api/delete-service';
import { useServices } from '../api/get-services';
import type { Service } from '../types';

function Swatch({ color }: { color: string }) {
  return (
    <span className="swatch">
      <span className="swatch__chip" style={{ background: color }} aria-hidden="true" />
      <code>{color}</code>
    </span>
  );
}

export function ServicesDashboard() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const [filter, setFilter] = useListFilter();
  const query = useServices(page, filter);
  const remove = useDeleteService();
  return (
    <CrudDashboard<Service>
      title={t('services.title')}
      access={ACCESS.content}
      add={{ label: t('services.add'), to: paths.addService }}
      filter={{ value: filter, onChange: setFilter }}
      query={query}
      page={page}
      onPageChange={setPage}
      rowName={(service) => service.name}
      columns={[
        { key: 'image', header: t('services.columns.image'), width: 'media', cell: (s) => <Thumb src={s.image_url} alt={s.name} /> },
        { key: 'title', header: t('services.columns.title'), width: 'wide', cell: (s) => <span className="cell-title">{s.name}</span> },
        { key: 'status', header: t('lifecycle.status'), cell: (s) => <StatusBadge record={s} /> },
        { key: 'color', header: t('services.columns.color'), cell: (s) => <Swatch color={s.color} /> },
        { key: 'order', header: t('services.columns.displayOrder'), width: 'narrow', cell: (s) => s.display_order },
      ]}
      view={{
        title: t('services.details'),
        render: (s) => (
          <div className="details-view">
            <Media src={s.image_url} alt={s.name} className="details-view__media" />
            <DetailsList
              items={[
                { label: t('services.fields.name'), value: s.name },
                { label: t('services.fields.nameAr'), value: s.name_ar, lang: 'ar', dir: 'rtl' },
                { label: t('services.fields.description'), value: s.description },
                { label: t('services.fields.descriptionAr'), value: s.description_ar, lang: 'ar', dir: 'rtl' },
                { label: t('services.fields.content'), value: <p className="pre-line">{s.content}</p> },
                { label: t('services.fields.contentAr'), value: s.content_ar ? <p className="pre-line">{s.content_ar}</p> : '', lang: 'ar', dir: 'rtl' },
                { label: t('services.fields.displayOrder'), value: s.display_order },
                { label: t('services.fields.color'), value: <Swatch color={s.color} /> },
                { label: t('common.createdAt'), value: formatDateTime(s.created_at) },
                { label: t('common.updatedAt'), value: formatDateTime(s.updated_at) },
              ]}
            />
          </div>
        ),
      }}
      editTo={(s) => formPath(paths.addService, s.id)}
      remove={{ run: (s) => remove.mutateAsync(s), success: t('services.toast.deleted'), onDone: () => void trackPublish() }}
    />
  );
}
