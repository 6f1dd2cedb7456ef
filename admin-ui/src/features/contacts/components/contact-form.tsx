import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Form } from '@/components/form/form';
import { FormActions, FormPage } from '@/components/form/form-page';
import { SelectField, TextAreaField, TextField } from '@/components/form/field';
import { paths } from '@/config/paths';
import { useSaveAndReturn } from '@/hooks/use-save-and-return';
import { useCreateContact } from '../api/create-contact';
import { useContact } from '../api/get-contact';
import { useUpdateContact } from '../api/update-contact';
import { contactRules, type ContactValues } from '../rules';
import { ENQUIRY_STATUSES, isEnquiryStatus, type Contact, type ContactInput } from '../types';

/** The API caps internal notes at this many characters. */
const NOTES_MAX = 5000;

/** The specification's six fields, and the follow-up an administrator keeps on an enquiry. */
type ContactFormValues = ContactValues & { status: string; notes: string };

function toValues(contact?: Contact): ContactFormValues {
  return {
    first_name: contact?.first_name ?? '',
    last_name: contact?.last_name ?? '',
    phone: contact?.phone ?? '',
    email: contact?.email ?? '',
    subject: contact?.subject ?? '',
    message: contact?.message ?? '',
    status: contact?.status ?? 'new',
    notes: contact?.notes ?? '',
  };
}

/** A new enquiry starts New with no notes (the server's defaults); an edit sends both. */
const toInput = (values: ContactFormValues, editing: boolean): ContactInput => ({
  first_name: values.first_name.trim(),
  last_name: values.last_name.trim(),
  phone: values.phone.trim(),
  email: values.email.trim(),
  subject: values.subject.trim(),
  message: values.message.trim(),
  ...(editing
    ? { status: isEnquiryStatus(values.status) ? values.status : undefined, notes: values.notes.trim() }
    : {}),
});

/** Contact enquiries are private: no Arabic twins, no publishing. */
export function ContactForm({ id }: { id?: number }) {
  const { t } = useTranslation();
  const record = useContact(id);
  const create = useCreateContact();
  const update = useUpdateContact();
  const editing = id !== undefined;
  // Opened from a filtered dashboard (`?status=new&q=…`): back to the same view.
  const { search } = useLocation();
  const dashboard = `${paths.contacts}${search}`;
  const { submit, done } = useSaveAndReturn<ContactFormValues, ContactInput>({
    toPayload: (values) => toInput(values, editing),
    save: (input) => (editing ? update.mutateAsync({ id, input }) : create.mutateAsync(input)),
    messages: editing
      ? { success: t('contacts.toast.updated'), failure: t('contacts.toast.updateFailed') }
      : { success: t('contacts.toast.added'), failure: t('contacts.toast.addFailed') },
    returnTo: dashboard,
    publishes: false,
  });
  const statusOptions = ENQUIRY_STATUSES.map((status) => ({ value: status, label: t(`contacts.status.${status}`) }));

  return (
    <FormPage
      title={editing ? t('contacts.editTitle') : t('contacts.addTitle')}
      back={{ to: dashboard, label: t('contacts.back') }}
      record={editing ? record : undefined}
    >
      {(contact) => (
        <Form<ContactFormValues>
          defaultValues={toValues(contact)}
          rules={contactRules}
          onSubmit={async (values, methods) => {
            await submit(values, methods);
          }}
        >
          {({ formState }) => (
            <>
              <div className="form__grid">
                <TextField<ContactFormValues> name="first_name" label={t('contacts.fields.firstName')} required autoComplete="off" />
                <TextField<ContactFormValues> name="last_name" label={t('contacts.fields.lastName')} required autoComplete="off" />
                <TextField<ContactFormValues> name="phone" label={t('contacts.fields.phone')} required type="tel" inputMode="tel" dir="ltr" autoComplete="off" />
                <TextField<ContactFormValues> name="email" label={t('contacts.fields.email')} required type="email" dir="ltr" autoComplete="off" />
                <TextField<ContactFormValues> name="subject" label={t('contacts.fields.subject')} required className="form__full" />
                <TextAreaField<ContactFormValues> name="message" label={t('contacts.fields.message')} required rows={6} className="form__full" />
                {editing ? (
                  <fieldset className="form__full form__fieldset">
                    <legend>{t('contacts.inbox')}</legend>
                    <SelectField<ContactFormValues> name="status" label={t('contacts.fields.status')} options={statusOptions} className="field--narrow" />
                    <TextAreaField<ContactFormValues>
                      name="notes"
                      label={t('contacts.fields.notes')}
                      hint={t('contacts.fields.notesHint')}
                      optionalLabel={t('common.optional')}
                      rows={4}
                      maxLength={NOTES_MAX}
                      dir="auto"
                    />
                  </fieldset>
                ) : null}
              </div>
              <FormActions busy={formState.isSubmitting} done={done} label={t('common.submit')} busyLabel={t('common.saving')} />
            </>
          )}
        </Form>
      )}
    </FormPage>
  );
}
