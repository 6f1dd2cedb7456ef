import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { ErrorBoundary } from '@/components/errors/error-fallback';
import { directionOf, i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';

function Toasts() {
  const { i18n: current } = useTranslation();
  const dir = directionOf(current.language);
  return (
    <Toaster
      // Top centre: clear of the top bar's tools and of the forms' Submit buttons.
      position="top-center"
      dir={dir}
      richColors
      closeButton
      duration={4000}
      toastOptions={{ className: 'toast' }}
    />
  );
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <ErrorBoundary>
        <QueryClientProvider client={client}>
          {children}
          <Toasts />
        </QueryClientProvider>
      </ErrorBoundary>
    </I18nextProvider>
  );
}
