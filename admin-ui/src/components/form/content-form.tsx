/**
 * The body of every bilingual content form: English and Arabic tabs, the tab holding the first
 * error opened after a failed submit (ours or the server's), and Submit.
 */
import { useState, type ReactNode } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FormRules } from '@/lib/form-rules';
import { Form } from './form';
import { FormActions } from './form-page';
import { LanguageTabs } from './language-tabs';

type ContentFormProps<V extends FieldValues> = {
  defaultValues: DefaultValues<V>;
  rules: FormRules;
  toastFirstError?: boolean;
  /** Saves; resolves to the fields the server refused (empty when saved). */
  onSubmit: (values: V, methods: UseFormReturn<V>) => Promise<string[]>;
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
}: ContentFormProps<V>) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string[]>([]);
  return (
    <Form<V>
      defaultValues={defaultValues}
      rules={rules}
      toastFirstError={toastFirstError}
      onInvalid={setFailed}
      onSubmit={async (values, methods) => setFailed(await onSubmit(values, methods))}
    >
      {({ formState }) => (
        <>
          <LanguageTabs failedFields={failed} arabicFields={arabicFields} english={english} arabic={arabic} />
          {extra}
          <FormActions busy={formState.isSubmitting} done={done} label={t('common.submit')} busyLabel={t('common.saving')}>
            {actions}
          </FormActions>
        </>
      )}
    </Form>
  );
}
