import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { ConflictView } from '../hooks/use-desk-change';

/** Someone changed the item first: who, when, what it says now, and Reload. */
export function ConflictNotice({ view, onReload }: { view: ConflictView; onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="desk-conflict" role="alert">
      <p className="desk-conflict__title">{view.title}</p>
      <p>{view.text}</p>
      <Button variant="secondary" className="btn--small" onClick={onReload}>
        {t('inbox.conflict.reload')}
      </Button>
    </div>
  );
}
