import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A small form's submit button: says "Saving…" and is disabled while the form submits. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <button type="submit" className="btn btn--primary" disabled={busy}>
      {busy ? t('common.saving') : children}
    </button>
  );
}
