/**
 * What a kind's former screens did that its declaration does not say, for the generic screens to
 * do the same: one table, by kind, beside its paths (`LEGACY_PATHS`) and its words
 * (`kinds.words`). General content's value is one string of the site, not the "key: value" lines
 * it is declared as (so a plain text area, without their hint), and its name is that string's key
 * (written as code, across the form); its list shows the two, then the status.
 */
import type { DeclaredField, DeclaredKind, FieldType } from '@/lib/kinds';

/** How the screens treat a field: as a declared type, or as a key (one line, written as code). */
export type Shape = FieldType | 'key';

type LegacyScreen = {
  /** The list's columns in order, `status` among them, in place of the declared ones. */
  columns?: readonly string[];
  /** The fields edited and shown otherwise than their declared type. */
  shapes?: Readonly<Record<string, Shape>>;
};

const LEGACY_SCREENS = new Map<string, LegacyScreen>([
  ['general-content', { columns: ['name', 'values', 'status'], shapes: { name: 'key', values: 'textarea', values_ar: 'textarea' } }],
]);

/** How `field` of `kind` is edited and shown. */
export const shapeOf = (kind: DeclaredKind, field: DeclaredField): Shape => LEGACY_SCREENS.get(kind.kind)?.shapes?.[field.name] ?? field.type;

/** The columns of the list of `kind`, if its former screen had others than it declares. */
export const legacyColumns = (kind: DeclaredKind): readonly string[] | undefined => LEGACY_SCREENS.get(kind.kind)?.columns;
