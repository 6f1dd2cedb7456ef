/**
 * A content form with unsaved changes: it asks before it is left (a link, the back arrow, the
 * browser's back, a reload or closing the tab) and keeps its values in this browser, offering them
 * back when the same form opens again, until they are saved or discarded.
 */
import { useEffect, useRef, useState } from 'react';
import { useFormContext, useFormState, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { clockInZone, useTimeZone } from '../lifecycle/time-zone';

type Kept = { values: Record<string, unknown>; at: string };

const PREFIX = 'concierge.unsaved.';

/** The values that can be kept (a chosen file cannot): text, numbers, yes/no. */
function keepable(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value === null || ['string', 'number', 'boolean'].includes(typeof value)),
  );
}

const same = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  Object.keys(a).every((key) => a[key] === b[key] || ((a[key] ?? '') === '' && (b[key] ?? '') === ''));

export function readKept(key: string): Kept | null {
  try {
    const kept = JSON.parse(localStorage.getItem(PREFIX + key) ?? 'null') as Kept | null;
    return kept && typeof kept.values === 'object' ? kept : null;
  } catch {
    return null;
  }
}

export function forgetKept(key: string): void {
  localStorage.removeItem(PREFIX + key);
}

function keep(key: string, values: Record<string, unknown>, read: Record<string, unknown>): void {
  const kept = keepable(values);
  if (same(kept, keepable(read))) forgetKept(key);
  else localStorage.setItem(PREFIX + key, JSON.stringify({ values: kept, at: new Date().toISOString() } satisfies Kept));
}

type UnsavedChangesProps = {
  /** Which form of which item, e.g. `blog:9` or `blog:new`. */
  storageKey: string;
  /** Saved: nothing to keep or ask about any more. */
  done: boolean;
};

export function UnsavedChanges<V extends FieldValues>({ storageKey, done }: UnsavedChangesProps) {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const { control, watch, reset, formState } = useFormContext<V>();
  const { isDirty } = useFormState({ control });
  const read = useRef(formState.defaultValues as Record<string, unknown>).current;
  const [offer, setOffer] = useState(() => {
    const kept = readKept(storageKey);
    return kept && !same(kept.values, keepable(read)) ? kept : null;
  });
  const guard = isDirty && !done;

  useEffect(() => {
    const subscription = watch((values) => {
      if (!done) keep(storageKey, values as Record<string, unknown>, read);
    });
    return () => subscription.unsubscribe();
  }, [watch, storageKey, read, done]);

  useEffect(() => {
    if (done) forgetKept(storageKey);
  }, [done, storageKey]);

  useEffect(() => {
    if (!guard) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [guard]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => guard && currentLocation.pathname !== nextLocation.pathname);

  return (
    <>
      {offer ? (
        <div className="unsaved" role="status">
          <p>{t('unsaved.offer', { at: clockInZone(offer.at, zone) })}</p>
          <div className="unsaved__actions">
            <button
              type="button"
              className="btn btn--secondary btn--small"
              onClick={() => {
                reset({ ...read, ...offer.values } as V, { keepDefaultValues: true });
                setOffer(null);
              }}
            >
              {t('unsaved.restore')}
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--small"
              onClick={() => {
                forgetKept(storageKey);
                setOffer(null);
              }}
            >
              {t('unsaved.discard')}
            </button>
          </div>
        </div>
      ) : null}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        name=""
        busy={false}
        title={t('unsaved.leaveTitle')}
        body={t('unsaved.leaveBody')}
        confirmLabel={t('unsaved.leave')}
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      />
    </>
  );
}
