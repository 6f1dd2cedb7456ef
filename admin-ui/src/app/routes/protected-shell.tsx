import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { AdminLayout } from '@/components/layouts/admin-layout';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { runtimeConfig } from '@/config/runtime';
import { useAccount } from '@/features/account';
import { useLogout } from '@/features/auth';
import { getToken, onSessionEnd } from '@/lib/auth-storage';
import { useLiveEvents } from '@/lib/live-events';
import { failureText } from '@/lib/messages';
import { mayOpen, permissionsFrom, PermissionsProvider } from '@/lib/permissions';
import Forbidden from './forbidden';

/**
 * Every admin route but login: without a token, to the login page; a 401 anywhere ends the
 * session. An administrator who must first change a one-time password (or turn on two-factor
 * sign-in, when it is required) is kept on their account page. The account's permissions decide
 * the menu and the buttons below; a screen the role may not use says so instead of opening. The
 * live events (others' saves, the menu's counts) flow while the back office is open.
 */
export function ProtectedShell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const logout = useLogout();
  const signedIn = Boolean(getToken());
  const account = useAccount(signedIn);
  useEffect(() => onSessionEnd(() => navigate(paths.login, { replace: true })), [navigate]);
  // Live saves and counts, once the back office is open to the account (not while it must first
  // change its password or turn on two-factor sign-in).
  useLiveEvents(signedIn && account.data !== undefined && !account.data.mustChangePassword && !account.data.totpRequired);
  if (!signedIn) return <Navigate to={paths.login} replace />;
  if (!account.data) {
    return (
      <main className="shell-loading">
        {account.isError ? (
          <div className="notice notice--error" role="alert">
            <p>{failureText(account.error, t('common.loadFailed'))}</p>
            <button type="button" className="btn btn--secondary" onClick={() => void account.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        ) : (
          <Spinner label={t('app.loading')} />
        )}
      </main>
    );
  }
  const restricted = account.data.mustChangePassword || account.data.totpRequired;
  if (restricted && location.pathname !== paths.account) return <Navigate to={paths.account} replace />;
  const can = permissionsFrom(account.data.permissions);
  return (
    <PermissionsProvider can={can} username={account.data.username}>
      <AdminLayout onLogout={() => logout.mutate()} loggingOut={logout.isPending} siteUrl={runtimeConfig().siteUrl || undefined}>
        {mayOpen(can, location.pathname) ? <Outlet /> : <Forbidden />}
      </AdminLayout>
    </PermissionsProvider>
  );
}
