/**
 * The body of every bilingual content form: English and Arabic tabs, the tab holding the first
 * error opened after a failed submit (ours or the server's), and Submit. Who may not publish
 * saves drafts only (Submit says so); who may change only the Arabic twins sees the other
 * fields read-only.
 *
 * Editing an item, every save and lifecycle action carries the version the form read (the answer
 * of a write gives the next one). A save refused because someone else saved first opens the merge
 * dialog; its choices are saved against the version now. A lifecycle action refused so opens it
 * too: its choices load the version now into the form, and the action is done again. Who else has
 * the item open is shown above the form, and so is another's save the moment it is made (the live
 * events), before this form's own save.
 *
 * The schedule is saved with the zone it was entered in, and an item opens in its own zone. With
 * unsaved changes, Preview shows them (`previewBody`: what a save would send).
 *
 * A new item of a kind with a display order opens with the next free one (`next-display-order`),
 * and follows the list its form chooses (a service list item's service) until the author types one.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { DefaultValues, FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { conflictOf, type Conflict } from '@/lib/api-client';
import type { FormRules } from '@/lib/form-rules';
import { useSavedElsewhere } from '@/lib/live-events';
import { editsArabicOnly, usePermissions } from '@/lib/permissions';
import { englishByName, type EnglishOf } from './english-beside';
import { FieldLabelsContext } from './field';
import { Form } from './form';
import { FormActions } from './form-page';
import { LanguageTabs } from './language-tabs';
import { LockedFields } from './locked-fields';
import { mergeFields, takeCurrent } from './merge-fields';
import { DISPLAY_ORDER, FollowNextOrder, useNextDisplayOrder, useOrderList } from './next-display-order';
import { forgetKept, UnsavedChanges } from './unsaved-changes';
import type { ContentRecord, KindName } from '../lifecycle/api';
import { isLabelled, useFieldLabels } from '../lifecycle/field-labels';
import { LifecyclePanel, type ActionRefusal, type Schedule } from '../lifecycle/lifecycle-panel';
import { MergeDialog, type Choice } from '../lifecycle/merge-dialog';
import { PresenceNote, SavedElsewhereNote, usePresence } from '../lifecycle/presence';
import { isTimeZone, useTimeZone } from '../lifecycle/time-zone';
import { Spinner } from '../ui/spinner';

/** What a save says of the lifecycle, beside the form's fields: and the version it is based on. */
export type LifecycleExtra = { status: 'draft' | 'published'; version?: number } & Schedule;

/** A save refused for an edit made since: what it sent, to be sent again with the editor's choices. */
type Refused<V extends FieldValues> = {
  conflict: Conflict;
  values: V;
  methods: UseFormReturn<V>;
  intent: 'draft' | 'published';
};

/** A lifecycle action refused for an edit made since, with the form to load the version now into. */
type RefusedAction<V extends FieldValues> = ActionRefusal & { methods: UseFormReturn<V> };

/** The schedule of `record` as read, in the zone it was entered in (else the one last chosen here). */
function scheduleOf(record: ContentRecord | undefined, preferred: Schedule['schedule_zone']): Schedule {
  return {
    publish_at: record?.publish_at ?? null,
    unpublish_at: record?.unpublish_at ?? null,
    schedule_zone: isTimeZone(record?.schedule_zone) ? record.schedule_zone : preferred,
  };
}

const sameSchedule = (a: Schedule, b: Schedule) =>
  a.publish_at === b.publish_at && a.unpublish_at === b.unpublish_at && a.schedule_zone === b.schedule_zone;

type ContentFormProps<V extends FieldValues> = {
  defaultValues: DefaultValues<V>;
  /** Its form in the table of rules (none for a kind declared after this admin was built: the server checks). */
  rules: FormRules | undefined;
  toastFirstError?: boolean;
  /** Saves; resolves to the fields the server refused (empty when saved). */
  onSubmit: (values: V, methods: UseFormReturn<V>, lifecycle?: LifecycleExtra) => Promise<string[]>;
  /** Public content: its kind and, when editing, the record (status, schedule, history). */
  lifecycle?: { kind: KindName; record?: unknown };
  /** Saved: Submit stays disabled until the page moves on. */
  done: boolean;
  arabicFields: readonly string[];
  /** The English field of each Arabic one, shown beside it: by name (`name_ar` → `name`) unless the kind declares its twins. */
  englishOf?: EnglishOf;
  english: ReactNode;
  arabic: ReactNode;
  /** Under the tabs (e.g. the blog preview). */
  extra?: ReactNode;
  /** Beside Submit. */
  actions?: ReactNode;
  /** What a save of `values` would send (the kind's update body), for Preview of unsaved changes. */
  previewBody?: (values: V, lifecycle: LifecycleExtra) => unknown;
};

export function ContentForm<V extends FieldValues>({
  defaultValues,
  rules,
  toastFirstError,
  onSubmit,
  done,
  arabicFields,
  englishOf,
  english,
  arabic,
  extra,
  actions,
  lifecycle,
  previewBody,
}: ContentFormProps<V>) {
  const { t } = useTranslation();
  const { can, username } = usePermissions();
  // Public content only: the lifecycle's rules do not apply to other forms.
  const publishes = !lifecycle || can('content.publish');
  const arabicOnly = Boolean(lifecycle) && editsArabicOnly(can);
  const [failed, setFailed] = useState<string[]>([]);
  const record = lifecycle?.record as ContentRecord | undefined;
  const preferredZone = useTimeZone();
  // The schedule as read, and as the editor has it now: read again when the record changes.
  const formKey = record ? `${record.updated_at}-${record.status}-${String(record.hasPendingChanges)}` : 'new';
  const [read, setRead] = useState(() => ({ key: formKey, schedule: scheduleOf(record, preferredZone) }));
  const [schedule, setSchedule] = useState<Schedule>(read.schedule);
  if (read.key !== formKey) {
    const again = scheduleOf(record, schedule.schedule_zone);
    setRead({ key: formKey, schedule: again });
    setSchedule(again);
  }
  // Which button sent the form: Submit publishes, Save as draft keeps the live version. Who may not
  // publish only ever saves drafts.
  const initialIntent = publishes ? 'published' : 'draft';
  const intent = useRef<'draft' | 'published'>(initialIntent);
  // The version this form's writes are based on: the record's as read, then each write's answer.
  const version = useRef(record?.version);
  useEffect(() => {
    version.current = record?.version;
  }, [record?.version]);
  const labels = useRef(new Map<string, string>()).current;
  const fieldName = useFieldLabels(lifecycle?.kind);
  const labelOf = (name: string) => labels.get(name) ?? fieldName(name);
  const [refused, setRefused] = useState<Refused<V> | null>(null);
  const [refusedAction, setRefusedAction] = useState<RefusedAction<V> | null>(null);
  const others = usePresence(lifecycle?.kind, record?.id);
  // Another's save since this form read the item, told the moment it is made.
  const savedElsewhere = useSavedElsewhere(lifecycle?.kind, record?.id, record?.version, username);
  const keptAs = lifecycle ? `${lifecycle.kind}:${record?.id ?? 'new'}` : null;
  // A new item with an empty display order starts at the next free one of its list.
  const kindOrder = useOrderList(lifecycle?.kind);
  const orderList = lifecycle && !record && (defaultValues as Record<string, unknown>)[DISPLAY_ORDER] === '' ? kindOrder : undefined;
  const orderPath = orderList?.path(defaultValues as Record<string, unknown>) ?? null;
  const nextOrder = useNextDisplayOrder(orderPath);
  const waitingForOrder = orderPath !== null && nextOrder.isPending;
  const startValues =
    orderPath !== null && nextOrder.data !== undefined ? ({ ...defaultValues, [DISPLAY_ORDER]: String(nextOrder.data) } as DefaultValues<V>) : defaultValues;

  const send = async (values: V, methods: UseFormReturn<V>) => {
    const sent = intent.current;
    const based = record && version.current !== undefined ? { version: version.current } : {};
    const extra = lifecycle ? { status: sent, ...schedule, ...based } : undefined;
    intent.current = initialIntent;
    try {
      setFailed(await onSubmit(values, methods, extra));
    } catch (error) {
      const conflict = conflictOf(error);
      if (!conflict) throw error;
      setRefused({ conflict, values, methods, intent: sent });
    }
  };

  const merging = refused
    ? mergeFields(refused.conflict, refused.values as Record<string, unknown>, defaultValues as Record<string, unknown>, labelOf)
    : refusedAction
      ? mergeFields(
          refusedAction.conflict,
          refusedAction.methods.getValues() as Record<string, unknown>,
          (refusedAction.methods.formState.defaultValues ?? {}) as Record<string, unknown>,
          labelOf,
        )
      : [];
  const conflict = refused?.conflict ?? refusedAction?.conflict;

  /** The version now into the form (and its schedule, unless the editor changed it), then the action again. */
  const reload = (choices: Record<string, Choice>) => {
    if (!refusedAction) return;
    const { conflict: since, methods, retry } = refusedAction;
    takeCurrent(methods, since, choices);
    if (sameSchedule(schedule, read.schedule)) {
      const now = scheduleOf(since.current as ContentRecord, schedule.schedule_zone);
      setRead({ ...read, schedule: now });
      setSchedule(now);
    }
    version.current = since.version;
    setRefusedAction(null);
    void retry(since.version);
  };

  /** The editor's choices into the form, then the save again against the version now. */
  const resave = (choices: Record<string, Choice>) => {
    if (!refused) return;
    const { conflict, methods } = refused;
    Object.entries(choices).forEach(([name, choice]) => {
      if (choice !== 'theirs') return;
      const field = merging.find((f) => f.name === name);
      if (field) methods.setValue(name as Path<V>, field.theirs as PathValue<V, Path<V>>, { shouldDirty: true });
    });
    version.current = conflict.version;
    intent.current = refused.intent;
    setRefused(null);
    void methods.handleSubmit((values) => send(values, methods))();
  };

  return (
    <FieldLabelsContext.Provider value={labels}>
      <PresenceNote others={others} />
      <SavedElsewhereNote saved={savedElsewhere} labelOf={labelOf} />
      {waitingForOrder ? (
        <Spinner label={t('common.loading')} />
      ) : (
        <Form<V>
          // A restore or a publish elsewhere changes the record: the form starts again from it.
          key={formKey}
          defaultValues={startValues}
          rules={rules}
          toastFirstError={toastFirstError}
          onInvalid={setFailed}
          onSubmit={send}
        >
          {(methods) => (
            <>
              {keptAs ? <UnsavedChanges<V> storageKey={keptAs} done={done} /> : null}
              {orderList?.scope ? <FollowNextOrder path={orderList.path} scope={orderList.scope} /> : null}
              {lifecycle ? (
                <LifecyclePanel
                  kind={lifecycle.kind}
                  record={record}
                  schedule={schedule}
                  onScheduleChange={setSchedule}
                  publishes={publishes}
                  version={() => version.current}
                  onWritten={(item) => {
                    version.current = item.version ?? version.current;
                  }}
                  onDiscarded={() => keptAs && forgetKept(keptAs)}
                  draft={
                    previewBody && (methods.formState.isDirty || !sameSchedule(schedule, read.schedule))
                      ? () => previewBody(methods.getValues(), { status: initialIntent, ...schedule })
                      : undefined
                  }
                  onConflict={(refusal) => setRefusedAction({ ...refusal, methods })}
                />
              ) : null}
              <LanguageTabs
                failedFields={failed}
                arabicFields={arabicFields}
                englishOf={englishOf ?? englishByName(arabicFields)}
                english={
                  <LockedFields locked={arabicOnly} note={t('lifecycle.arabicOnly')}>
                    {english}
                  </LockedFields>
                }
                arabic={arabic}
              />
              {extra}
              {publishes ? null : <p className="form__hint form__hint--actions">{t('lifecycle.draftsOnly')}</p>}
              <FormActions
                busy={methods.formState.isSubmitting}
                done={done}
                label={publishes ? t('common.submit') : t('lifecycle.saveDraft')}
                busyLabel={t('common.saving')}
              >
                {actions}
                {lifecycle && publishes ? (
                  <button
                    type="submit"
                    className="btn btn--secondary"
                    disabled={methods.formState.isSubmitting || done}
                    onClick={() => {
                      intent.current = 'draft';
                    }}
                  >
                    {t('lifecycle.saveDraft')}
                  </button>
                ) : null}
              </FormActions>
            </>
          )}
        </Form>
      )}
      {conflict ? (
        <MergeDialog
          conflict={conflict}
          fields={merging}
          // What the editor can see changed (a slug follows its title, unnamed).
          changed={conflict.fields.filter((name) => labels.has(name) || (lifecycle && isLabelled(lifecycle.kind, name))).map(labelOf)}
          action={refusedAction?.action}
          onCancel={() => {
            setRefused(null);
            setRefusedAction(null);
          }}
          onSave={refused ? resave : reload}
        />
      ) : null}
    </FieldLabelsContext.Provider>
  );
}
