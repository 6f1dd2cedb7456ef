/**
 * The one wrapper around react-hook-form: rules run in order on submit (first failure of each
 * field inline, the first overall optionally as a toast), a field's error clears as soon as it
 * is edited, and the submit handler gets the form's methods to map server errors onto fields.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import {
  FormProvider,
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { FormRulesContext, runRules, type FormRules } from '@/lib/form-rules';

/** One validation toast at a time: submitting again replaces it instead of stacking another. */
const VALIDATION_TOAST_ID = 'form-validation';

type FormProps<V extends FieldValues> = {
  defaultValues: DefaultValues<V>;
  /** The form of the table of rules (`rules/forms.json`) this form fills in. */
  rules?: FormRules;
  onSubmit: (values: V, methods: UseFormReturn<V>) => Promise<void> | void;
  /** Show the first failing rule as a toast too. */
  toastFirstError?: boolean;
  /** Told which fields failed, in order (e.g. to open the tab that holds the first). */
  onInvalid?: (fields: string[]) => void;
  children: ReactNode | ((methods: UseFormReturn<V>) => ReactNode);
  className?: string;
  label?: string;
};

export function Form<V extends FieldValues>({
  defaultValues,
  rules,
  onSubmit,
  toastFirstError = false,
  onInvalid,
  children,
  className = 'form',
  label,
}: FormProps<V>) {
  const { i18n } = useTranslation();
  const rulesRef = useRef(rules);
  rulesRef.current = rules;
  const langRef = useRef(i18n.language);
  langRef.current = i18n.language;

  const resolver: Resolver<V> = async (values) => {
    const { failures } = runRules(rulesRef.current, values, langRef.current);
    if (failures.length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(
      failures.map((failure) => [failure.field, { type: 'rule', message: failure.message }]),
    ) as FieldErrors<V>;
    return { values: {}, errors };
  };

  const methods = useForm<V>({ defaultValues, resolver, mode: 'onSubmit', reValidateMode: 'onSubmit' });

  useEffect(() => {
    const subscription = methods.watch((_values, { name }) => {
      if (name && methods.getFieldState(name as Path<V>).error) methods.clearErrors(name as Path<V>);
    });
    return () => subscription.unsubscribe();
  }, [methods]);

  const submit = methods.handleSubmit(
    (values) => onSubmit(values, methods),
    () => {
      const { failures, headline } = runRules(rulesRef.current, methods.getValues(), langRef.current);
      if (toastFirstError && headline) toast.error(headline.toast, { id: VALIDATION_TOAST_ID });
      onInvalid?.(failures.map((failure) => failure.field));
    },
  );

  return (
    <FormProvider {...methods}>
      <FormRulesContext.Provider value={rules}>
        <form className={className} noValidate onSubmit={(event) => void submit(event)} aria-label={label}>
          {typeof children === 'function' ? children(methods) : children}
        </form>
      </FormRulesContext.Provider>
    </FormProvider>
  );
}
