import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { AdminLayout } from '@/components/layouts/admin-layout';
import { paths } from '@/config/paths';
import { runtimeConfig } from '@/config/runtime';
import { useAccount } from '@/features/account';
import { useLogout } from '@/features/auth';
import { getToken, onSessionEnd } from '@/lib/auth-storage';

/**
 * Every admin route but login: without a token, to the login page; a 401 anywhere ends the
 * session. An administrator who must first change a one-time password (or turn on two-factor
 * sign-in, when it is required) is kept on their account page.
 */
export function ProtectedShell() {
  const navigate = useNavigate();
  const location = useLocation();
  const logout = useLogout();
  const signedIn = Boolean(getToken());
  const account = useAccount(signedIn);
  useEffect(() => onSessionEnd(() => navigate(paths.login, { replace: true })), [navigate]);
  if (!signedIn) return <Navigate to={paths.login} replace />;
  const restricted = account.data && (account.data.mustChangePassword || account.data.totpRequired);
  if (restricted && location.pathname !== paths.account) return <Navigate to={paths.account} replace />;
  return (
    <AdminLayout onLogout={() => logout.mutate()} loggingOut={logout.isPending} siteUrl={runtimeConfig().siteUrl || undefined}>
      <Outlet />
    </AdminLayout>
  );
}
