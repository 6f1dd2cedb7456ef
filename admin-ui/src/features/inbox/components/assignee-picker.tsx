import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { usePermissions } from '@/lib/permissions';
import { useAssignees } from '../api/get-assignees';

type AssigneePickerProps = {
  id: string;
  value: string | null;
  onChange: (assignee: string | null) => void;
  busy?: boolean;
};

/**
 * Who has the item: Unassigned or a member the server lists as assignable, and "Assign to me"
 * for a member who does not have it yet. A former member who still has it stays shown.
 */
export function AssigneePicker({ id, value, onChange, busy = false }: AssigneePickerProps) {
  const { t } = useTranslation();
  const { username } = usePermissions();
  const assignees = useAssignees();
  const names = (assignees.data ?? []).map((a) => a.username);
  const options = value && !names.includes(value) ? [value, ...names] : names;
  const mayTakeIt = username !== null && username !== value && names.includes(username);
  return (
    <div className="assignee-picker">
      <select
        id={id}
        className="input input--select"
        value={value ?? ''}
        disabled={busy}
        aria-busy={busy || undefined}
        onChange={(event) => onChange(event.target.value || null)}
      >
        <option value="">{t('inbox.assignee.nobody')}</option>
        {options.map((name) => (
          <option key={name} value={name}>
            {name === username ? t('inbox.assignee.me', { name }) : name}
          </option>
        ))}
      </select>
      {mayTakeIt ? (
        <Button variant="secondary" className="btn--small" disabled={busy} onClick={() => onChange(username)}>
          {t('inbox.assignee.takeIt')}
        </Button>
      ) : null}
      {assignees.isError ? <p className="field__hint">{t('inbox.assignee.loadFailed')}</p> : null}
    </div>
  );
}
