/** Renders the app (providers and router) at `url`, as bulletproof-react's `renderApp`. */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes as appRoutes } from '@/app/router';
import { setToken } from '@/lib/auth-storage';
import { createQueryClient } from '@/lib/query-client';

type Options = { url?: string; signedIn?: boolean; path?: string };

/** The whole app's routes at `url`, or a single element mounted at `path`. */
export function renderApp(ui: ReactElement | null, { url = '/', signedIn = true, path = '/' }: Options = {}) {
  if (signedIn) setToken('test-token');
  const routes: RouteObject[] = ui ? [{ path, element: ui }, { path: '*', element: <p>elsewhere</p> }] : appRoutes;
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  const user = userEvent.setup();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, user, router, queryClient };
}
