//! The shared cases of rules/vectors.json, as the API's tests send them to the server
//! (api/cli/tests/it/rules.rs): a form's valid values with one case's changes.
import vectors from '../../../rules/vectors.json'

export interface VectorCase {
  name: string
  form: string
  audience: string
  change: Record<string, unknown>
  expect: { field: string; en: string; ar: string; headline?: { en: string; ar: string } } | null
}

export const vectorCases = vectors.cases as VectorCase[]

/** The form's valid values with the case's changes (`{repeat, times}` spelt out). */
export function valuesOf(c: VectorCase): Record<string, unknown> {
  const valid = (vectors.valid as unknown as Record<string, Record<string, unknown>>)[c.form]
  const values: Record<string, unknown> = { ...valid, ...c.change }
  for (const [key, value] of Object.entries(values)) {
    if (value && typeof value === 'object' && 'repeat' in value) {
      const { repeat, times } = value as { repeat: string; times: number }
      values[key] = repeat.repeat(times)
    }
  }
  return values
}
