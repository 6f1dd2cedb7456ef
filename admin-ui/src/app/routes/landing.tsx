import { Navigate } from 'react-router';
import { NAV_ITEMS } from '@/components/layouts/admin-layout';
import { landingPath, usePermissions } from '@/lib/permissions';

/** `/admin/`: the first screen the role may use (Blogs for those who see content). */
export function Landing() {
  const { can } = usePermissions();
  return <Navigate to={landingPath(can, NAV_ITEMS.map((item) => item.to))} replace />;
}
