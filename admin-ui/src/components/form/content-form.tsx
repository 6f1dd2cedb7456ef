/**
 * The body of every bilingual content form: English and Arabic tabs, the tab holding the first
 * error opened after a failed submit (ours or the server's), and Submit. Who may not publish
 * saves drafts only (Submit says so); who may change only the Arabic twins sees the other
 * fields read-only.
 */
import { useRef, useState, type ReactNode } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FormRules } from '@/lib/form-rules';
import { editsArabicOnly, usePermissions } from '@/lib/permissions';
import { Form } from './form';
import { FormActions } from './form-page';
import { LanguageTabs } from './language-tabs';
import { LockedFields } from './locked-fields';
import type { ContentKind, ContentRecord } from '../lifecycle/api';
import { LifecyclePanel, type Schedule } from '../lifecycle/lifecycle-panel';

/** What a save says of the lifecycle, beside the form's fields. */
export type LifecycleExtra = { status: 'draft' | 'published' } & Schedule;

type ContentFormProps<V extends FieldValues> = {
  defaultValues: DefaultValues<V>;
  rules: FormRules;
  toastFirstError?: boolean;
  /** Saves; resolves to the fields the server refused (empty when saved). */
  onSubmit: (values: V, methods: UseFormReturn<V>, lifecycle?: LifecycleExtra) => Promise<string[]>;
  /** Public content: its kind and, when editing, the record (status, schedule, history). */
  lifecycle?: { kind: ContentKind; record?: unknown };
  /** Saved: Submit stays disabled until the page moves on. */
  done: boolean;
  arabicFields: readonly string[];
  english: ReactNode;
  arabic: ReactNode;
  /** Under the tabs (e.g. the blog preview). */
  extra?: ReactNode;
  /** Beside Submit. */
  actions?: ReactNode;
};

export function ContentForm<V extends FieldValues>({
  defaultValues,
  rules,
  toastFirstError,
  onSubmit,
  done,
  arabicFields,
  english,
  arabic,
  extra,
  actions,
  lifecycle,
}: ContentFormProps<V>) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  // Public content only: the lifecycle's rules do not apply to other forms.
  const publishes = !lifecycle || can('content.publish');
  const arabicOnly = Boolean(lifecycle) && editsArabicOnly(can);
  const [failed, setFailed] = useState<string[]>([]);
  const record = lifecycle?.record as ContentRecord | undefined;
  const [schedule, setSchedule] = useState<Schedule>({
    publish_at: record?.publish_at ?? null,
    unpublish_at: record?.unpublish_at ?? null,
  });
  // Which button sent the form: Submit publishes, Save as draft keeps the live version. Who may not
  // publish only ever saves drafts.
  const initialIntent = publishes ? 'published' : 'draft';
  const intent = useRef<'draft' | 'published'>(initialIntent);
  return (
    <Form<V>
      // A restore or a publish elsewhere changes the record: the form starts again from it.
      key={record ? `${record.updated_at}-${record.status}-${String(record.hasPendingChanges)}` : 'new'}
      defaultValues={defaultValues}
      rules={rules}
      toastFirstError={toastFirstError}
      onInvalid={setFailed}
      onSubmit={async (values, methods) => {
        const extra = lifecycle ? { status: intent.current, ...schedule } : undefined;
        intent.current = initialIntent;
        setFailed(await onSubmit(values, methods, extra));
      }}
    >
      {({ formState }) => (
        <>
          {lifecycle ? (
            <LifecyclePanel
              kind={lifecycle.kind}
              record={record}
              schedule={schedule}
              onScheduleChange={setSchedule}
              publishes={publishes}
            />
          ) : null}
          <LanguageTabs
            failedFields={failed}
            arabicFields={arabicFields}
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
            busy={formState.isSubmitting}
            done={done}
            label={publishes ? t('common.submit') : t('lifecycle.saveDraft')}
            busyLabel={t('common.saving')}
          >
            {actions}
            {lifecycle && publishes ? (
              <button
                type="submit"
                className="btn btn--secondary"
                disabled={formState.isSubmitting || done}
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
  );
}
