/**
 * The fields of a refused write that the merge dialog shows: those the other edit changed that the
 * form holds, with the other editor's value in the form's own shape (a display order as text, a
 * yes/no as a boolean) beside the editor's; and, for a refused lifecycle action, the form moved
 * onto the version now with the editor's choices.
 */
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import type { Conflict } from '@/lib/api-client';
import type { Choice, MergeField } from '../lifecycle/merge-dialog';

/** A record's value as the form holds the field whose value is now `mine`. */
export function asFormValue(value: unknown, mine: unknown): unknown {
  if (typeof mine === 'boolean') return Boolean(value);
  if (typeof mine === 'string') return value === null || value === undefined ? '' : String(value);
  return value ?? mine;
}

const same = (a: unknown, b: unknown) => a === b || ((a ?? '') === '' && (b ?? '') === '');

export function mergeFields(
  conflict: Conflict,
  mine: Record<string, unknown>,
  read: Record<string, unknown>,
  labelOf: (name: string) => string,
): MergeField[] {
  return conflict.fields
    .filter((name) => name in mine && name in conflict.current)
    .map((name) => ({
      name,
      label: labelOf(name),
      mine: mine[name],
      theirs: asFormValue(conflict.current[name], mine[name]),
      changedByMe: !same(mine[name], read[name]),
    }))
    // Where both ended up with the same value there is nothing to choose.
    .filter((field) => !same(field.mine, field.theirs));
}

/**
 * The form on the version now: `conflict.current` becomes what it read, and each value the editor
 * had changed stays (unless they took theirs), as does one they chose to keep.
 */
export function takeCurrent<V extends FieldValues>(methods: UseFormReturn<V>, conflict: Conflict, choices: Record<string, Choice>): void {
  const mine = methods.getValues() as Record<string, unknown>;
  const read = (methods.formState.defaultValues ?? {}) as Record<string, unknown>;
  const current = Object.fromEntries(
    Object.keys(mine).map((name) => [name, name in conflict.current ? asFormValue(conflict.current[name], read[name]) : read[name]]),
  );
  methods.reset(current as V);
  Object.keys(mine).forEach((name) => {
    const keep = choices[name] ? choices[name] === 'mine' : !same(mine[name], read[name]);
    if (keep && !same(mine[name], current[name])) {
      methods.setValue(name as Path<V>, mine[name] as PathValue<V, Path<V>>, { shouldDirty: true });
    }
  });
}
