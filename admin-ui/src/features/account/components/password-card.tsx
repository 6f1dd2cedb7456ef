import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Form } from '@/components/form/form';
import { TextField } from '@/components/form/field';
import { applyServerErrors } from '@/hooks/use-save-and-return';
import { failureText, serverText } from '@/lib/messages';
import { useChangePassword, type PasswordChange } from '../api/change-password';
import { SubmitButton } from '@/components/form/submit-button';

/** Change the own password: the current one, then the new one (the server's rules and messages). */
export function PasswordCard({ highlighted }: { highlighted: boolean }) {
  const { t } = useTranslation();
  const change = useChangePassword();
  return (
    <section className={`card account__card${highlighted ? ' account__card--attention' : ''}`} aria-labelledby="password-title">
      <h2 id="password-title" className="account__title">
        {t('account.password.title')}
      </h2>
      <p className="muted">{t('account.password.intro')}</p>
      <Form<PasswordChange>
        defaultValues={{ current_password: '', new_password: '' }}
        className="form form--stacked"
        onSubmit={async (values, methods) => {
          try {
            const saved = await change.mutateAsync(values);
            methods.reset();
            toast.success(serverText(saved.message, t('account.password.changed')));
          } catch (error) {
            if (applyServerErrors(error, methods).length === 0) toast.error(failureText(error, t('account.password.failed')));
          }
        }}
      >
        {({ formState }) => (
          <>
            <TextField<PasswordChange> name="current_password" label={t('account.password.current')} type="password" autoComplete="current-password" />
            <TextField<PasswordChange> name="new_password" label={t('account.password.new')} type="password" autoComplete="new-password" />
            <div className="form__actions">
              <SubmitButton busy={formState.isSubmitting}>{t('account.password.submit')}</SubmitButton>
            </div>
          </>
        )}
      </Form>
    </section>
  );
}
