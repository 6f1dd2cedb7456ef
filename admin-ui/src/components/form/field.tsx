import { createContext, useContext, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { FormRulesContext, maxLengthOf } from '@/lib/form-rules';
import { EnglishBeside } from './english-beside';

type ShellProps = {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  optionalLabel?: string;
  children: ReactNode;
  className?: string;
};

/** Label, control, hint and error; the error is announced (role=alert) and described-by. */
export function FieldShell({ id, label, error, hint, required, optionalLabel, children, className = '' }: ShellProps) {
  return (
    <div className={`field ${error ? 'field--invalid' : ''} ${className}`}>
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {required ? (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        ) : optionalLabel ? (
          // Optional fields are those without aria-required; the word is for sighted readers.
          <span className="field__optional" aria-hidden="true">
            ({optionalLabel})
          </span>
        ) : null}
      </div>
      {children}
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/**
 * The labels of a form's fields by name, filled as the fields render: what names a field to the
 * editor elsewhere (the merge dialog says "Meta description", not `meta_description`).
 */
export const FieldLabelsContext = createContext<Map<string, string> | null>(null);

export function useFieldLabel(name: string, label: string): void {
  useContext(FieldLabelsContext)?.set(name, label);
}

export function useFieldError(name: string): string | undefined {
  const { formState, getFieldState } = useFormContext();
  const message = getFieldState(name, formState).error?.message;
  return typeof message === 'string' ? message : undefined;
}

type CommonProps<V extends FieldValues> = {
  name: Path<V>;
  label: string;
  hint?: ReactNode;
  required?: boolean;
  optionalLabel?: string;
  className?: string;
};

/**
 * One registered control: its label, hint and error wrapped around it, and the id, ARIA
 * attributes and react-hook-form registration it needs.
 */
function useControl<V extends FieldValues>({ name, label, hint, required, optionalLabel, className }: CommonProps<V>) {
  const id = useId();
  useFieldLabel(name, label);
  const rules = useContext(FormRulesContext);
  const { register } = useFormContext<V>();
  const error = useFieldError(name);
  const shell = { id, label, error, hint, required, optionalLabel, className };
  const control = {
    id,
    // The server's bound for this field, from the table of rules (an explicit prop overrides it).
    maxLength: maxLengthOf(rules, name),
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy(id, error, hint),
  };
  return { shell, control, registration: register(name) };
}

type TextFieldProps<V extends FieldValues> = CommonProps<V> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'required'>;

export function TextField<V extends FieldValues>({ name, label, hint, required, optionalLabel, className, ...input }: TextFieldProps<V>) {
  const { shell, control, registration } = useControl<V>({ name, label, hint, required, optionalLabel, className });
  return (
    <EnglishBeside name={name}>
      <FieldShell {...shell}>
        <input className="input" {...control} {...input} {...registration} />
      </FieldShell>
    </EnglishBeside>
  );
}

type TextAreaFieldProps<V extends FieldValues> = CommonProps<V> &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'required'>;

export function TextAreaField<V extends FieldValues>({ name, label, hint, required, optionalLabel, className, rows = 4, ...input }: TextAreaFieldProps<V>) {
  const { shell, control, registration } = useControl<V>({ name, label, hint, required, optionalLabel, className });
  return (
    <EnglishBeside name={name}>
      <FieldShell {...shell}>
        <textarea className="input input--area" rows={rows} {...control} {...input} {...registration} />
      </FieldShell>
    </EnglishBeside>
  );
}

type SelectFieldProps<V extends FieldValues> = CommonProps<V> & {
  options: { value: string; label: string }[];
  placeholder?: string;
};

export function SelectField<V extends FieldValues>({ options, placeholder, ...common }: SelectFieldProps<V>) {
  const { shell, control, registration } = useControl<V>(common);
  return (
    <FieldShell {...shell}>
      <select className="input input--select" {...control} {...registration}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

type CheckboxFieldProps<V extends FieldValues> = Omit<CommonProps<V>, 'required' | 'optionalLabel'>;

/** A yes/no field: the box, then its label on the same line, the hint and error below. */
export function CheckboxField<V extends FieldValues>({ name, label, hint, className = '' }: CheckboxFieldProps<V>) {
  const { shell, control, registration } = useControl<V>({ name, label, hint });
  return (
    <div className={`field field--check ${shell.error ? 'field--invalid' : ''} ${className}`}>
      <label className="field__check" htmlFor={shell.id}>
        <input type="checkbox" className="field__checkbox" {...control} {...registration} />
        <span className="field__label">{label}</span>
      </label>
      {hint ? (
        <p className="field__hint" id={`${shell.id}-hint`}>
          {hint}
        </p>
      ) : null}
      {shell.error ? (
        <p className="field__error" id={`${shell.id}-error`} role="alert">
          {shell.error}
        </p>
      ) : null}
    </div>
  );
}

/** Arabic twins: typed right to left. */
export const arabic = { dir: 'rtl', lang: 'ar' } as const;

/** The English fields of content: left to right even when the admin works in Arabic. */
export const english = { dir: 'ltr', lang: 'en' } as const;
