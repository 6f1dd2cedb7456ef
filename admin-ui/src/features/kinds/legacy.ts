/**
 * What a kind's former screens did that its declaration does not say, for the generic screens to
 * do the same: one table, by kind, beside its paths (`LEGACY_PATHS`) and its words
 * (`kinds.words`). General content's name is the key of a string of the site (written as code,
 * across the form); its list shows the key and its value, then the status. Services' list shows
 * the picture, the title, the status, the colour and the display order (not the availability it
 * declares), and a service's availability is a box to tick, sent as `true` or `false`, not the
 * choice of "Available" or "Coming soon" it is declared as.
 */
import type { DeclaredField, DeclaredKind, FieldType } from '@/lib/kinds';

/**
 * How the screens treat a field: as a declared type, as a key (one line, written as code), or as
 * a flag (a box to tick, its value `true` or `false`; shown by the declared choice's label).
 */
export type Shape = FieldType | 'key' | 'flag';

type LegacyScreen = {
  /** The list's columns in order, `status` among them, in place of the declared ones. */
  columns?: readonly string[];
  /** The fields edited and shown otherwise than their declared type. */
  shapes?: Readonly<Record<string, Shape>>;
};

const LEGACY_SCREENS = new Map<string, LegacyScreen>([
  ['service', { columns: ['image_url', 'name', 'status', 'color', 'display_order'], shapes: { coming_soon: 'flag' } }],
  ['general-content', { columns: ['name', 'values', 'status'], shapes: { name: 'key' } }],
]);

/** How `field` of `kind` is edited and shown. */
export const shapeOf = (kind: DeclaredKind, field: DeclaredField): Shape => LEGACY_SCREENS.get(kind.kind)?.shapes?.[field.name] ?? field.type;

/** The columns of the list of `kind`, if its former screen had others than it declares. */
export const legacyColumns = (kind: DeclaredKind): readonly string[] | undefined => LEGACY_SCREENS.get(kind.kind)?.columns;
