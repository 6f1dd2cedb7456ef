import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { editPath } from '@/components/lifecycle/api';
import { useKindFieldLabels } from '@/components/lifecycle/field-labels';
import { useKindName } from '@/components/lifecycle/kinds';
import type { MediaUsage } from '../types';

/**
 * The content items that show a file, each linked to its form: what kind it is, its name, the
 * field, and whether only its unpublished pending change shows it.
 */
export function UsageList({ usage, label }: { usage: MediaUsage[]; label: string }) {
  const { t } = useTranslation();
  const kindName = useKindName();
  const fieldLabel = useKindFieldLabels();
  return (
    <ul className="usage-list" aria-label={label}>
      {usage.map((entry) => (
        <li key={`${entry.kind}-${entry.id}-${entry.field}-${entry.pending ? 'pending' : 'live'}`} className="usage-list__item">
          <span className="usage-list__kind">{kindName(entry.kind)}</span>
          <Link className="usage-list__title" to={editPath(entry.kind, entry.id)} dir="auto">
            {entry.title.trim() || t('library.usage.untitled', { id: entry.id })}
          </Link>
          <span className="usage-list__field">
            {entry.field ? t('library.usage.field', { field: fieldLabel(entry.kind, entry.field) }) : null}
            {entry.pending ? <span className="status-badge status-badge--pending">{t('library.usage.pending')}</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
