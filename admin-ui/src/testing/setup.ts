import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach } from 'vitest';
import { setRuntimeConfig } from '@/config/runtime';
import { i18n, initI18n } from '@/lib/i18n';

initI18n('en');
// Generous waits: the suite also has to pass on a busy two-core machine.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  setRuntimeConfig({ apiKey: 'test-key', apiBase: '/api/v1', siteUrl: 'http://site.test' });
  localStorage.clear();
  if (i18n.language !== 'en') void i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  // Sonner keeps its toasts in a module-wide store: one test's toast is not the next one's.
  toast.dismiss();
});
