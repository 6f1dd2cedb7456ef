/**
 * A save refused because someone else saved first: who and when, which fields they changed, then
 * field by field their value beside the editor's, each with Keep mine / Take theirs (mine where the
 * editor changed the field, theirs elsewhere). Save with these choices saves again against the
 * version now; Cancel (or Escape) leaves the form exactly as it was. A refused lifecycle action
 * (`action`) is shown the same way: its button loads the version now into the form, with these
 * choices, and does the action again.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conflict } from '@/lib/api-client';
import { Dialog } from '../ui/dialog';
import { joinLabels } from './field-labels';
import type { LifecycleAction } from './lifecycle-panel';
import { clockInZone, useTimeZone } from './time-zone';
import { textOfMarkup } from '@/lib/plain-text';

export type Choice = 'mine' | 'theirs';

/** One field both edits touched or the other edit changed. */
export type MergeField = {
  name: string;
  label: string;
  mine: unknown;
  theirs: unknown;
  /** The editor changed it since reading the record. */
  changedByMe: boolean;
};

/** Longer values show their start and a "Show all". */
const SHORT = 160;

/** A value as text: markup taken out (rich text reads as prose). */
export function plainText(value: unknown, yes: string, no: string): string {
  if (typeof value === 'boolean') return value ? yes : no;
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return textOfMarkup(value);
  if (value instanceof File) return value.name;
  return String(value);
}

function Value({ text, name }: { text: string; name: string }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const rtl = name.endsWith('_ar');
  const long = text.length > SHORT;
  return (
    <span className="merge__value">
      <span className="merge__text" dir={rtl ? 'rtl' : 'ltr'} lang={rtl ? 'ar' : undefined}>
        {text === '' ? <span className="merge__empty">{t('merge.empty')}</span> : long && !all ? `${text.slice(0, SHORT)}…` : text}
      </span>
      {long ? (
        <button type="button" className="btn btn--ghost btn--small merge__more" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? t('merge.showLess') : t('merge.showAll')}
        </button>
      ) : null}
    </span>
  );
}

type MergeDialogProps = {
  conflict: Conflict;
  fields: MergeField[];
  busy?: boolean;
  /** Every field changed since, by its label. */
  changed?: string[];
  /** A refused lifecycle action, done again once the version now is loaded (a refused save without). */
  action?: LifecycleAction;
  onCancel: () => void;
  onSave: (choices: Record<string, Choice>) => void;
};

export function MergeDialog({ conflict, fields, busy = false, changed = [], action, onCancel, onSave }: MergeDialogProps) {
  const { t, i18n } = useTranslation();
  const zone = useTimeZone();
  const [choices, setChoices] = useState<Record<string, Choice>>(() =>
    Object.fromEntries(fields.map((field) => [field.name, field.changedByMe ? 'mine' : 'theirs'])),
  );
  const at = clockInZone(conflict.at, zone);
  const who = conflict.by ?? t('merge.someone');
  const yes = t('merge.yes');
  const no = t('merge.no');

  return (
    <Dialog
      open
      title={t('merge.title')}
      onClose={onCancel}
      size="large"
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={onCancel} disabled={busy}>
            {t('merge.cancel')}
          </button>
          <button type="button" className="btn btn--primary" onClick={() => onSave(choices)} disabled={busy}>
            {action ? t(`merge.refused.${action}`) : t('merge.save')}
          </button>
        </>
      }
    >
      <p className="merge__who">{at ? t('merge.savedAt', { name: who, at }) : t('merge.saved', { name: who })}</p>
      {changed.length > 0 ? <p className="merge__changed">{t('merge.changed', { fields: joinLabels(changed, i18n.language) })}</p> : null}
      {action ? <p className="merge__hint">{t('merge.refused.hint')}</p> : null}
      {fields.length === 0 ? (
        <p className="merge__hint">{action ? t('merge.refused.noFields') : t('merge.noFields')}</p>
      ) : action ? null : (
        <p className="merge__hint">{t('merge.hint')}</p>
      )}
      <div className="merge">
        {fields.map((field) => (
          <fieldset key={field.name} className="merge__field">
            <legend className="merge__label">
              {field.label}
              {field.changedByMe ? <span className="merge__both"> · {t('merge.bothChanged')}</span> : null}
            </legend>
            {(['theirs', 'mine'] as const).map((side) => (
              <label key={side} className={`merge__side merge__side--${side}`}>
                <span className="merge__pick">
                  <input
                    type="radio"
                    name={`merge-${field.name}`}
                    value={side}
                    checked={choices[field.name] === side}
                    onChange={() => setChoices({ ...choices, [field.name]: side })}
                  />
                  <span>{side === 'theirs' ? t('merge.takeTheirs', { name: who }) : t('merge.keepMine')}</span>
                </span>
                <Value name={field.name} text={plainText(field[side], yes, no)} />
              </label>
            ))}
          </fieldset>
        ))}
      </div>
    </Dialog>
  );
}
