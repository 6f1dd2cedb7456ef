/**
 * The fields of a refused save that the merge dialog shows: those the other edit changed that the
 * form holds, with the other editor's value in the form's own shape (a display order as text, a
 * yes/no as a boolean) beside the editor's.
 */
import type { Conflict } from '@/lib/api-client';
import type { MergeField } from '../lifecycle/merge-dialog';

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
  labels: ReadonlyMap<string, string>,
): MergeField[] {
  return conflict.fields
    .filter((name) => name in mine && name in conflict.current)
    .map((name) => ({
      name,
      label: labels.get(name) ?? name,
      mine: mine[name],
      theirs: asFormValue(conflict.current[name], mine[name]),
      changedByMe: !same(mine[name], read[name]),
    }))
    // Where both ended up with the same value there is nothing to choose.
    .filter((field) => !same(field.mine, field.theirs));
}
