import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CrudDashboard, type ListState } from '@/components/data-table/crud-dashboard';
import { useListFilter } from '@/components/data-table/use-list-filter';
import { StatusBadge } from '@/components/lifecycle/lifecycle-panel';
import { DetailsList } from '@/components/ui/details-list';
import { Media } from '@/components/ui/media';
import { formPath, paths } from '@/config/paths';
import { usePageParam } from '@/hooks/use-page-param';
import { formatDateTime } from '@/lib/dates';
import { ACCESS } from '@/lib/permissions';
import { trackPublish } from '@/lib/publish-status';
import { useDeleteServiceList } from '../api/delete-service-list';
import { useParentServices } from '../api/get-parent-services';
import { useServiceLists } from '../api/get-service-lists';
import type { ServiceListItem } from '../types';

/**
 * The selected parent service, kept in the address (`?service=3`); the first one by default.
 * Picking another keeps the status and search and goes back to page 1.
 */
function useSelectedService(ids: number[]): [number | undefined, (id: number) => void] {
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('service'));
  const selected = ids.includes(requested) ? requested : ids[0];
  const select = (id: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('page');
      next.set('service', String(id));
      return next;
    });
  return [selected, select];
}

export function ServiceListsDashboard() {
  const { t } = useTranslation();
  const selectId = useId();
  const parents = useParentServices();
  const services = parents.data?.result ?? [];
  const [serviceId, setServiceId] = useSelectedService(services.map((s) => s.id));
  const [page, setPage] = usePageParam();
  const [filter, setFilter] = useListFilter();
  const query = useServiceLists(serviceId, page, filter);
  const remove = useDeleteServiceList();
  // The table follows the parent services first: their failure, their loading, or none at all.
  const listState: ListState<ServiceListItem> =
    parents.isError || parents.isPending
      ? { data: undefined, isPending: parents.isPending, isError: parents.isError, error: parents.error, refetch: parents.refetch }
      : serviceId === undefined
        ? { data: { result: [], totalCount: 0 }, isPending: false, isError: false, error: null, refetch: parents.refetch }
        : query;

  const picker = (
    <div className="field field--inline">
      <label className="field__label" htmlFor={selectId}>
        {t('serviceLists.selectService')}
      </label>
      <select
        id={selectId}
        className="input input--select"
        value={serviceId ?? ''}
        disabled={services.length === 0}
        onChange={(event) => setServiceId(Number(event.target.value))}
      >
        {services.length === 0 ? <option value="">{t('serviceLists.noServices')}</option> : null}
        {services.map((service) => (
          <option key={service.id} value={service.id}>
            {service.name}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <CrudDashboard<ServiceListItem>
      title={t('serviceLists.title')}
      access={ACCESS.content}
      toolbar={picker}
      add={{ label: t('serviceLists.add'), to: serviceId ? `${paths.addServiceList}?service=${serviceId}` : paths.addServiceList }}
      filter={{ value: filter, onChange: setFilter }}
      query={listState}
      page={page}
      onPageChange={setPage}
      rowName={(item) => item.name}
      columns={[
        { key: 'title', header: t('serviceLists.columns.title'), width: 'wide', cell: (item) => <span className="cell-title">{item.name}</span> },
        { key: 'status', header: t('lifecycle.status'), cell: (item) => <StatusBadge record={item} /> },
      ]}
      view={{
        title: t('serviceLists.details'),
        render: (item) => (
          <div className="details-view">
            <Media src={item.image_url} alt={item.name} className="details-view__media details-view__media--banner" />
            <DetailsList
              items={[
                { label: t('serviceLists.fields.listName'), value: item.name },
                { label: t('serviceLists.fields.nameAr'), value: item.name_ar, lang: 'ar', dir: 'rtl' },
                { label: t('serviceLists.fields.service'), value: item.service_name },
                { label: t('serviceLists.fields.displayOrder'), value: item.display_order },
                { label: t('serviceLists.fields.description'), value: item.description },
                { label: t('serviceLists.fields.descriptionAr'), value: item.description_ar, lang: 'ar', dir: 'rtl' },
                { label: t('common.updatedAt'), value: formatDateTime(item.updated_at) },
              ]}
            />
          </div>
        ),
      }}
      editTo={(item) => formPath(paths.addServiceList, item.id)}
      remove={{
        run: (item) => remove.mutateAsync(item),
        success: t('serviceLists.toast.deleted'),
        failure: t('serviceLists.toast.deleteFailed'),
        onDone: () => void trackPublish(),
      }}
    />
  );
}

