import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Form } from '@/components/form/form';
import { FormActions, FormPage } from '@/components/form/form-page';
import { TextAreaField, TextField } from '@/components/form/field';
import { paths } from '@/config/paths';
import { useSaveAndReturn } from '@/hooks/use-save-and-return';
import { useCreateContact } from '../api/create-contact';
import { contactRules, type ContactValues } from '../rules';
import type { ContactInput } from '../types';

const EMPTY: ContactValues = { first_name: '', last_name: '', phone: '', email: '', subject: '', message: '' };

const toInput = (values: ContactValues): ContactInput => ({
  first_name: values.first_name.trim(),
  last_name: values.last_name.trim(),
  phone: values.phone.trim(),
  email: values.email.trim(),
  subject: values.subject.trim(),
  message: values.message.trim(),
});

/**
 * An enquiry the desk takes by phone, filed with the client's six fields (the server starts it
 * New). Once filed, the client's words are read-only: the desk follows it up in the inbox.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const create = useCreateContact();
  // Opened from a filtered dashboard (`?status=new&q=…`): back to the same view.
  const { search } = useLocation();
  const dashboard = `${paths.contacts}${search}`;
  const { submit, done } = useSaveAndReturn<ContactValues, ContactInput>({
    toPayload: toInput,
    save: (input) => create.mutateAsync(input),
    messages: { success: t('contacts.toast.added'), failure: t('contacts.toast.addFailed') },
    returnTo: dashboard,
    publishes: false,
  });

  return (
    <FormPage title={t('contacts.addTitle')} back={{ to: dashboard, label: t('contacts.back') }}>
      {() => (
        <Form<ContactValues>
          defaultValues={EMPTY}
          rules={contactRules}
          onSubmit={async (values, methods) => {
            await submit(values, methods);
          }}
        >
          {({ formState }) => (
            <>
              <p className="form__hint">{t('contacts.addHint')}</p>
              <div className="form__grid">
                <TextField<ContactValues> name="first_name" label={t('contacts.fields.firstName')} required autoComplete="off" dir="auto" />
                <TextField<ContactValues> name="last_name" label={t('contacts.fields.lastName')} required autoComplete="off" dir="auto" />
                <TextField<ContactValues> name="phone" label={t('contacts.fields.phone')} required type="tel" inputMode="tel" dir="ltr" autoComplete="off" />
                <TextField<ContactValues> name="email" label={t('contacts.fields.email')} required type="email" dir="ltr" autoComplete="off" />
                <TextField<ContactValues> name="subject" label={t('contacts.fields.subject')} required className="form__full" dir="auto" />
                <TextAreaField<ContactValues> name="message" label={t('contacts.fields.message')} required rows={6} className="form__full" dir="auto" />
              </div>
              <FormActions busy={formState.isSubmitting} done={done} label={t('common.submit')} busyLabel={t('common.saving')} />
            </>
          )}
        </Form>
      )}
    </FormPage>
  );
}
