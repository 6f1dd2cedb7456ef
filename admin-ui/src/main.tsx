import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { AppProvider } from './app/provider';
import { ErrorFallback } from './components/errors/error-fallback';
import { loadRuntimeConfig } from './config/runtime';
import { initI18n } from './lib/i18n';
import './styles/fonts.css';
import './styles/index.css';
import './styles/accounts.css';
import './styles/inbox.css';
import './styles/media.css';
import './styles/translations.css';
import './styles/review.css';
import './styles/today.css';

const root = createRoot(document.getElementById('root')!);
initI18n();

loadRuntimeConfig()
  .then(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  )
  .catch((error: unknown) => {
    // Fail fast, saying what to fix: the admin cannot work without its settings.
    root.render(
      <AppProvider>
        <ErrorFallback error={error} />
      </AppProvider>,
    );
  });
