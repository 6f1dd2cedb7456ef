import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { BASENAME, routes } from './router';

export function App() {
  const [router] = useState(() => createBrowserRouter(routes, { basename: BASENAME }));
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
