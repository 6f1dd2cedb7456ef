import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ContentForm } from '@/components/form/content-form';
import { FormPage } from '@/components/form/form-page';
import { arabic, english, SelectField, TextAreaField, TextField } from '@/components/form/field';
import { Spinner } from '@/components/ui/spinner';
import { UploadField } from '@/components/upload/upload-field';
import { paths } from '@/config/paths';
import { useSaveAndReturn } from '@/hooks/use-save-and-return';
import { toNumber, twin } from '@/lib/mutations';
import { useCreateServiceList } from '../api/create-service-list';
import { useParentServices } from '../api/get-parent-services';
import { useServiceList } from '../api/get-service-list';
import { useUpdateServiceList } from '../api/update-service-list';
import { SERVICE_LIST_ARABIC_FIELDS, serviceListRules, type ServiceListValues } from '../rules';
import type { ParentService, ServiceListInput, ServiceListItem } from '../types';

function toValues(item: ServiceListItem | undefined, preselected: string): ServiceListValues {
  return {
    our_service_id: item ? String(item.our_service_id) : preselected,
    name: item?.name ?? '',
    display_order: item ? String(item.display_order) : '',
    image_url: item?.image_url ?? '',
    image_file: null,
    description: item?.description ?? '',
    name_ar: item?.name_ar ?? '',
    description_ar: item?.description_ar ?? '',
  };
}

/** `titleBgClass` has no field in the form; an edit keeps the stored one. */
function toInput(values: ServiceListValues, imageUrl: string, item?: ServiceListItem): ServiceListInput {
  return {
    our_service_id: toNumber(values.our_service_id),
    name: values.name.trim(),
    display_order: toNumber(values.display_order),
    image_url: imageUrl,
    description: values.description.trim(),
    titleBgClass: item?.titleBgClass ?? '',
    name_ar: twin(values.name_ar),
    description_ar: twin(values.description_ar),
  };
}

export function ServiceListForm({ id }: { id?: number }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const record = useServiceList(id);
  const parents = useParentServices();
  const create = useCreateServiceList();
  const update = useUpdateServiceList();
  const editing = id !== undefined;
  const { submit, done, draft } = useSaveAndReturn<ServiceListValues, ServiceListInput>({
    media: { file: 'image_file', url: 'image_url' },
    toPayload: (values, imageUrl) => toInput(values, imageUrl, record.data),
    save: (input) => (editing ? update.mutateAsync({ id, input }) : create.mutateAsync(input)),
    messages: editing
      ? { success: t('serviceLists.toast.updated'), failure: t('serviceLists.toast.updateFailed') }
      : { success: t('serviceLists.toast.added'), failure: t('serviceLists.toast.addFailed') },
    returnTo: (values) => `${paths.serviceLists}?service=${values.our_service_id}`,
    publishes: true,
  });
  const optional = t('common.optional');

  const options = (parents.data?.result ?? []).map((service: ParentService) => ({ value: String(service.id), label: service.name }));
  const requested = params.get('service') ?? '';
  const preselected = options.some((o) => o.value === requested) ? requested : (options[0]?.value ?? '');

  return (
    <FormPage
      title={editing ? t('serviceLists.editTitle') : t('serviceLists.addTitle')}
      back={{ to: paths.serviceLists, label: t('serviceLists.back') }}
      record={editing ? record : undefined}
    >
      {(item) =>
        parents.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : (
          <ContentForm<ServiceListValues>
            lifecycle={{ kind: 'service-list', record: item }}
            defaultValues={toValues(item, preselected)}
            rules={serviceListRules}
            toastFirstError
            onSubmit={submit}
            previewBody={draft}
            done={done}
            arabicFields={SERVICE_LIST_ARABIC_FIELDS}
            english={
              <div className="form__grid">
                <SelectField<ServiceListValues>
                  name="our_service_id"
                  label={t('serviceLists.fields.service')}
                  required
                  options={options}
                  placeholder={t('serviceLists.choose')}
                  hint={options.length === 0 ? t('serviceLists.noServices') : undefined}
                />
                <TextField<ServiceListValues> name="name" {...english} label={t('serviceLists.fields.name')} required autoComplete="off" />
                <TextField<ServiceListValues> name="display_order" label={t('serviceLists.fields.displayOrder')} required type="number" inputMode="numeric" step={1} className="field--narrow" />
                <div className="form__full">
                  <UploadField<ServiceListValues> fileName="image_file" urlName="image_url" label={t('serviceLists.fields.image')} required />
                </div>
                <TextAreaField<ServiceListValues> name="description" {...english} label={t('serviceLists.fields.description')} optionalLabel={optional} rows={3} className="form__full" />
              </div>
            }
            arabic={
              <div className="form__grid">
                <TextField<ServiceListValues> name="name_ar" label={t('serviceLists.fields.nameAr')} optionalLabel={optional} className="form__full" {...arabic} />
                <TextAreaField<ServiceListValues> name="description_ar" label={t('serviceLists.fields.descriptionAr')} optionalLabel={optional} rows={3} className="form__full" {...arabic} />
              </div>
            }
          />
        )
      }
    </FormPage>
  );
}
