import { useEffect } from 'react';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { AdminLayout } from '@/components/layouts/admin-layout';
import { paths } from '@/config/paths';
import { runtimeConfig } from '@/config/runtime';
import { useLogout } from '@/features/auth';
import { getToken, onSessionEnd } from '@/lib/auth-storage';

/** Every admin route but login: without a token, to the login page; a 401 anywhere ends the session. */
export function ProtectedShell() {
  const navigate = useNavigate();
  const logout = useLogout();
  useEffect(() => onSessionEnd(() => navigate(paths.login, { replace: true })), [navigate]);
  if (!getToken()) return <Navigate to={paths.login} replace />;
  return (
    <AdminLayout onLogout={() => logout.mutate()} loggingOut={logout.isPending} siteUrl={runtimeConfig().siteUrl || undefined}>
      <Outlet />
    </AdminLayout>
  );
}
