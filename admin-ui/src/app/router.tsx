/** Every admin route (specification section 2), under the `/admin` basename; pages load lazily. */
import type { RouteObject } from 'react-router';
import { LEGACY_PATHS, paths } from '@/config/paths';
import { Landing } from './routes/landing';
import { ProtectedShell } from './routes/protected-shell';
import { RouteError } from './routes/route-error';
import NotFound from './routes/not-found';
import { PageLoading } from './routes/page-loading';

type FeatureRoutes = { Dashboard: React.ComponentType; FormRoute: React.ComponentType };
type Loader = () => Promise<FeatureRoutes>;

/** The dashboard, its add form and its edit form (`{base}/:id`). */
function feature(dashboard: string, form: string, load: Loader): RouteObject[] {
  const strip = (path: string) => path.replace(/^\//, '');
  const formRoute = { lazy: async () => ({ Component: (await load()).FormRoute }) };
  return [
    { path: strip(dashboard), lazy: async () => ({ Component: (await load()).Dashboard }) },
    { path: strip(form), ...formRoute },
    { path: `${strip(form)}/:id`, ...formRoute },
  ];
}

/** Shown while a lazily loaded page arrives on first load. */
const loading = <PageLoading />;

export const routes: RouteObject[] = [
  {
    path: paths.login,
    errorElement: <RouteError />,
    hydrateFallbackElement: loading,
    lazy: async () => ({ Component: (await import('./routes/login')).default }),
  },
  {
    path: '/',
    element: <ProtectedShell />,
    errorElement: <RouteError />,
    hydrateFallbackElement: loading,
    children: [
      { index: true, element: <Landing /> },
      ...feature(paths.blogs, paths.addBlog, () => import('./routes/blogs')),
      ...feature(paths.contacts, paths.addContact, () => import('./routes/contacts')),
      {
        path: paths.airportRequests.slice(1),
        lazy: async () => ({ Component: (await import('./routes/airport-requests')).Dashboard }),
      },
      {
        path: `${paths.airportRequests.slice(1)}/:id`,
        lazy: async () => ({ Component: (await import('./routes/airport-requests')).DetailRoute }),
      },
      ...feature(paths.banners, paths.addBanner, () => import('./routes/banners')),
      ...feature(paths.subscriptions, paths.addSubscription, () => import('./routes/subscriptions')),
      // Every kind the server declares with no screens of its own, from its declaration: at legacy paths, or under /content.
      ...[...LEGACY_PATHS].flatMap(([kind, at]) => feature(at.list, at.form, async () => (await import('./routes/content')).legacyRoutes(kind))),
      { path: `${paths.content.slice(1)}/:kind`, lazy: async () => ({ Component: (await import('./routes/content')).Dashboard }) },
      { path: `${paths.content.slice(1)}/:kind/new`, lazy: async () => ({ Component: (await import('./routes/content')).FormRoute }) },
      { path: `${paths.content.slice(1)}/:kind/:id`, lazy: async () => ({ Component: (await import('./routes/content')).FormRoute }) },
      { path: paths.today.slice(1), lazy: async () => ({ Component: (await import('./routes/today')).default }) },
      { path: paths.account.slice(1), lazy: async () => ({ Component: (await import('./routes/account')).default }) },
      { path: paths.team.slice(1), lazy: async () => ({ Component: (await import('./routes/team')).default }) },
      { path: paths.audit.slice(1), lazy: async () => ({ Component: (await import('./routes/audit')).default }) },
      { path: paths.lifecycle.slice(1), lazy: async () => ({ Component: (await import('./routes/lifecycle')).default }) },
      { path: paths.review.slice(1), lazy: async () => ({ Component: (await import('./routes/review')).default }) },
      { path: paths.translations.slice(1), lazy: async () => ({ Component: (await import('./routes/translations')).default }) },
      { path: paths.media.slice(1), lazy: async () => ({ Component: (await import('./routes/media')).default }) },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const BASENAME = '/admin';
