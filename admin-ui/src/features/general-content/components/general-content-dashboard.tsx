import { useTranslation } from 'react-i18next';
import { CrudDashboard } from '@/components/data-table/crud-dashboard';
import { useListFilter } from '@/components/data-table/use-list-filter';
import { StatusBadge } from '@/components/lifecycle/lifecycle-panel';
import { DetailsList } from '@/components/ui/details-list';
import { formPath, paths } from '@/config/paths';
import { usePageParam } from '@/hooks/use-page-param';
import { formatDateTime } from '@/lib/dates';
import { ACCESS } from '@/lib/permissions';
import { trackPublish } from '@/lib/publish-status';
import { useDeleteGeneralContent } from '../api/delete-general-content';
import { useGeneralContents } from '../api/get-general-contents';
import type { GeneralContent } from '../types';

export function GeneralContentDashboard() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const [filter, setFilter] = useListFilter();
  const query = useGeneralContents(page, filter);
  const remove = useDeleteGeneralContent();
  return (
    <CrudDashboard<GeneralContent>
      title={t('generalContent.title')}
      access={ACCESS.content}
      add={{ label: t('generalContent.add'), to: paths.addGeneralContent }}
      filter={{ value: filter, onChange: setFilter }}
      query={query}
      page={page}
      onPageChange={setPage}
      rowName={(entry) => entry.name}
      columns={[
        { key: 'title', header: t('generalContent.columns.title'), cell: (e) => <code className="cell-key">{e.name}</code> },
        { key: 'values', header: t('generalContent.columns.values'), width: 'wide', cell: (e) => <span className="cell-clamp">{e.values}</span> },
        { key: 'status', header: t('lifecycle.status'), cell: (e) => <StatusBadge record={e} /> },
      ]}
      view={{
        title: t('generalContent.details'),
        render: (e) => (
          <DetailsList
            items={[
              { label: t('generalContent.fields.name'), value: <code>{e.name}</code> },
              { label: t('generalContent.fields.value'), value: <p className="pre-line">{e.values}</p> },
              { label: t('generalContent.fields.valueAr'), value: e.values_ar ? <p className="pre-line">{e.values_ar}</p> : '', lang: 'ar', dir: 'rtl' },
              { label: t('generalContent.fields.displayOrder'), value: e.display_order },
              { label: t('common.updatedAt'), value: formatDateTime(e.updated_at) },
            ]}
          />
        ),
      }}
      editTo={(e) => formPath(paths.addGeneralContent, e.id)}
      remove={{ run: (e) => remove.mutateAsync(e), success: t('generalContent.toast.deleted'), onDone: () => void trackPublish() }}
    />
  );
}
