/**
 * A declared kind's form values from an item, and the body a save sends from them: text as typed
 * (trimmed on the way out), an Arabic twin left empty as `null` (as every form sends it), numbers
 * and references as numbers, an image's address with its file input beside it, a flag (`shapeOf`:
 * a service's availability) as `true` or `false`.
 */
import { titleOf } from '@/components/lifecycle/api';
import { fileFieldOf, type FormRules } from '@/lib/form-rules';
import { arabicFieldsOf, type DeclaredField, type DeclaredKind } from '@/lib/kinds';
import { toNumber, twin } from '@/lib/mutations';
import { shapeOf } from './legacy';
import type { Payload } from './types';

/** What the form holds: each field's text as typed, a flag ticked or not, and a file chosen for an image (or `null`). */
export type Values = Record<string, string | boolean | File | null>;

/** The file input of an image field: the one the table of rules names (`image_file`), else `<name without _url>_file`. */
export const fileField = (rules: FormRules | undefined, field: string) => fileFieldOf(rules, field) ?? `${field.replace(/_url$/, '')}_file`;

const textOf = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** A flag as the API gives it (`true`, or `"true"` as a choice is written): ticked. */
const isTicked = (value: unknown) => value === true || value === 'true';

export function toValues(kind: DeclaredKind, rules: FormRules | undefined, item?: Record<string, unknown>): Values {
  const values: Values = {};
  for (const field of kind.fields) {
    values[field.name] = shapeOf(kind, field) === 'flag' ? isTicked(item?.[field.name]) : textOf(item?.[field.name]);
    if (field.type === 'image') values[fileField(rules, field.name)] = null;
  }
  return values;
}

function valueOf(kind: DeclaredKind, field: DeclaredField, value: unknown): unknown {
  const text = textOf(value);
  const blank = text.trim() === '';
  switch (shapeOf(kind, field)) {
    case 'flag':
      return isTicked(value);
    case 'number':
    case 'reference':
      return blank ? null : toNumber(text);
    case 'select':
    case 'date':
      return blank ? null : text.trim();
    // The editor's HTML as it is, an address as stored or uploaded.
    case 'richtext':
    case 'image':
      return text;
    default:
      return text.trim();
  }
}

export function toPayload(kind: DeclaredKind, values: Values): Payload {
  const arabic = new Set(arabicFieldsOf(kind));
  return Object.fromEntries(kind.fields.map((field) => [field.name, arabic.has(field.name) ? twin(values[field.name]) : valueOf(kind, field, values[field.name])]));
}

/** The field an item is named by: the kind's first English line of text. */
export function nameField(kind: DeclaredKind): DeclaredField | undefined {
  const arabic = new Set(arabicFieldsOf(kind));
  return kind.fields.find((field) => field.type === 'text' && !arabic.has(field.name));
}

/** An item's name in lists, menus and the confirmation. */
export function nameOf(kind: DeclaredKind, item: Record<string, unknown>): string {
  const field = nameField(kind);
  const name = field ? textOf(item[field.name]).trim() : '';
  return name || titleOf(item);
}
