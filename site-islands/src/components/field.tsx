import { useId, type ReactNode } from 'react'

export interface ControlProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

interface FieldProps {
  label: string
  /** Already translated error message. */
  error?: string
  /** Translated "Optional" marker, for fields that may stay empty. */
  optional?: string
  className?: string
  children: (control: ControlProps) => ReactNode
}

/** A labelled control with its error announced and tied to it (aria-invalid, aria-describedby). */
export function Field({ label, error, optional, className, children }: FieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={['field', error ? 'field-invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field-label" htmlFor={id}>
        {label}
        {optional && <span className="field-optional">{optional}</span>}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

interface ChoiceGroupProps {
  legend: string
  optional?: string
  /** Already translated error message. */
  error?: string
  className?: string
  children: ReactNode
}

/** Radio buttons or option cards under one legend, with the group's error tied to it. */
export function ChoiceGroup({ legend, optional, error, className, children }: ChoiceGroupProps) {
  const errorId = `${useId()}-error`
  return (
    <fieldset
      className={['choice-group', error ? 'field-invalid' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="field-label">
        {legend}
        {optional && <span className="field-optional">{optional}</span>}
      </legend>
      <div className="choice-options">{children}</div>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}
