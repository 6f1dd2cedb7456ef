import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layouts/page';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { failureText } from '@/lib/messages';
import { ROLES } from '@/lib/permissions';
import { useAccount } from '../api/get-account';
import { EmailCard } from './email-card';
import { PasswordCard } from './password-card';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

/** The signed-in administrator's own account: password, two-factor, email address, sessions. */
export function AccountPage() {
  const { t } = useTranslation();
  const account = useAccount();
  useDocumentTitle(t('account.title'));
  const data = account.data;
  return (
    <Page
      title={t('account.title')}
      aside={
        data ? (
          <p className="muted">
            {t('account.signedInAs', { name: data.username })}
            {data.role && ROLES.includes(data.role) ? ` · ${t('account.role', { role: t(`roles.${data.role}.name`) })}` : null}
          </p>
        ) : null
      }
    >
      {account.isError ? (
        <p className="notice notice--error" role="alert">
          {failureText(account.error, t('common.loadFailed'))}
        </p>
      ) : !data ? (
        <Spinner label={t('common.loading')} />
      ) : (
        <>
          {data.mustChangePassword ? (
            <p className="notice" role="status">
              {t('account.mustChangePassword')}
            </p>
          ) : data.totpRequired ? (
            <p className="notice" role="status">
              {t('account.mustEnrol')}
            </p>
          ) : null}
          <div className="account">
            <PasswordCard highlighted={data.mustChangePassword} />
            {data.mustChangePassword ? null : <TwoFactorCard account={data} highlighted={data.totpRequired} />}
            {data.mustChangePassword ? null : <EmailCard email={data.email} />}
            {data.mustChangePassword ? null : <SessionsCard />}
          </div>
        </>
      )}
    </Page>
  );
}
