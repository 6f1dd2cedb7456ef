import { useTranslation } from 'react-i18next';
import { Form } from '@/components/form/form';
import { FormActions, FormPage } from '@/components/form/form-page';
import { TextAreaField, TextField } from '@/components/form/field';
import { paths } from '@/config/paths';
import { useSaveAndReturn } from '@/hooks/use-save-and-return';
import { useCreateContact } from '../api/create-contact';
import { useContact } from '../api/get-contact';
import { useUpdateContact } from '../api/update-contact';
import { contactRules, type ContactValues } from '../rules';
import type { Contact, ContactInput } from '../types';

function toValues(contact?: Contact): ContactValues {
  return {
    first_name: contact?.first_name ?? '',
    last_name: contact?.last_name ?? '',
    phone: contact?.phone ?? '',
    email: contact?.email ?? '',
    subject: contact?.subject ?? '',
    message: contact?.message ?? '',
  };
}

const toInput = (values: ContactValues): ContactInput => ({
  first_name: values.first_name.trim(),
  last_name: values.last_name.trim(),
  phone: values.phone.trim(),
  email: values.email.trim(),
  subject: values.subject.trim(),
  message: values.message.trim(),
});

/** Contact enquiries are private: no Arabic twins, no publishing. */
export function ContactForm({ id }: { id?: number }) {
  const { t } = useTranslation();
  const record = useContact(id);
  const create = useCreateContact();
  const update = useUpdateContact();
  const editing = id !== undefined;
  const { submit, done } = useSaveAndReturn<ContactValues, ContactInput>({
    toPayload: (values) => toInput(values),
    save: (input) => (editing ? update.mutateAsync({ id, input }) : create.mutateAsync(input)),
    messages: editing
      ? { success: t('contacts.toast.updated'), failure: t('contacts.toast.updateFailed') }
      : { success: t('contacts.toast.added'), failure: t('contacts.toast.addFailed') },
    returnTo: paths.contacts,
    publishes: false,
  });

  return (
    <FormPage
      title={editing ? t('contacts.editTitle') : t('contacts.addTitle')}
      back={{ to: paths.contacts, label: t('contacts.back') }}
      record={editing ? record : undefined}
    >
      {(contact) => (
        <Form<ContactValues>
          defaultValues={toValues(contact)}
          rules={contactRules(t)}
          onSubmit={async (values, methods) => {
            await submit(values, methods);
          }}
        >
          {({ formState }) => (
            <>
              <div className="form__grid">
                <TextField<ContactValues> name="first_name" label={t('contacts.fields.firstName')} required autoComplete="off" />
                <TextField<ContactValues> name="last_name" label={t('contacts.fields.lastName')} required autoComplete="off" />
                <TextField<ContactValues> name="phone" label={t('contacts.fields.phone')} required type="tel" inputMode="tel" dir="ltr" autoComplete="off" />
                <TextField<ContactValues> name="email" label={t('contacts.fields.email')} required type="email" dir="ltr" autoComplete="off" />
                <TextField<ContactValues> name="subject" label={t('contacts.fields.subject')} required className="form__full" />
                <TextAreaField<ContactValues> name="message" label={t('contacts.fields.message')} required rows={6} className="form__full" />
              </div>
              <FormActions busy={formState.isSubmitting} done={done} label={t('common.submit')} busyLabel={t('common.saving')} />
            </>
          )}
        </Form>
      )}
    </FormPage>
  );
}
