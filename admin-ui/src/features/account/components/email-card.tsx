import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Form } from '@/components/form/form';
import { TextField } from '@/components/form/field';
import { applyServerErrors } from '@/hooks/use-save-and-return';
import { failureText, serverText } from '@/lib/messages';
import { useSetEmail, type EmailChange } from '../api/set-email';
import { SubmitButton } from '@/components/form/submit-button';

/** The own email address: where the mail about reviews goes (changes waiting, changes returned). */
export function EmailCard({ email }: { email: string | null | undefined }) {
  const { t } = useTranslation();
  const change = useSetEmail();
  return (
    <section className="card account__card" aria-labelledby="email-title">
      <h2 id="email-title" className="account__title">
        {t('account.email.title')}
      </h2>
      <p className="muted">{t('account.email.intro')}</p>
      <Form<EmailChange>
        key={email ?? ''}
        defaultValues={{ email: email ?? '' }}
        className="form form--stacked"
        onSubmit={async (values, methods) => {
          try {
            const saved = await change.mutateAsync({ email: values.email.trim() });
            toast.success(serverText(saved.message, t('account.email.saved')));
          } catch (error) {
            if (applyServerErrors(error, methods).length === 0) toast.error(failureText(error, t('account.email.failed')));
          }
        }}
      >
        {({ formState }) => (
          <>
            <TextField<EmailChange>
              name="email"
              label={t('account.email.label')}
              type="email"
              autoComplete="email"
              spellCheck={false}
              dir="ltr"
              optionalLabel={t('common.optional')}
            />
            <div className="form__actions">
              <SubmitButton busy={formState.isSubmitting}>{t('account.email.submit')}</SubmitButton>
            </div>
          </>
        )}
      </Form>
    </section>
  );
}
