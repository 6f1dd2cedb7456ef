/**
 * What a kind's former screens did that its declaration does not say, for the generic screens to
 * do the same: one table, by kind, beside its paths (`LEGACY_PATHS`) and its words
 * (`kinds.words`). General content's name is the key of a string of the site (written as code,
 * across the form); its list shows the key and its value, then the status. Services' list shows
 * the picture, the title, the status, the colour and the display order (not the availability it
 * declares), and a service's availability is a box to tick, sent as `true` or `false`, not the
 * choice of "Available" or "Coming soon" it is declared as. Service lists' list shows the title and
 * the status; their form asks for the service, the name, the display order and the image (in its
 * rules' order), then the description, and toasts its first failure ("Please select a service")
 * as well as showing it; a list item's title background class is neither edited nor shown (an
 * edit sends the stored one back, a new item none).
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
  /** The fields its form did not edit nor its details show: kept as stored. */
  hidden?: readonly string[];
  /** Its form's fields in this order (those it does not name after them, in their declared order). */
  order?: readonly string[];
  /** Its form toasted its first failure too, though its rules word no toast of their own. */
  toastsFirstError?: boolean;
};

const LEGACY_SCREENS = new Map<string, LegacyScreen>([
  ['service', { columns: ['image_url', 'name', 'status', 'color', 'display_order'], shapes: { coming_soon: 'flag' } }],
  ['general-content', { columns: ['name', 'values', 'status'], shapes: { name: 'key' } }],
  [
    'service-list',
    {
      columns: ['name', 'status'],
      order: ['our_service_id', 'name', 'display_order', 'image_url', 'description'],
      hidden: ['titleBgClass'],
      toastsFirstError: true,
    },
  ],
]);

/** How `field` of `kind` is edited and shown. */
export const shapeOf = (kind: DeclaredKind, field: DeclaredField): Shape => LEGACY_SCREENS.get(kind.kind)?.shapes?.[field.name] ?? field.type;

/** The columns of the list of `kind`, if its former screen had others than it declares. */
export const legacyColumns = (kind: DeclaredKind): readonly string[] | undefined => LEGACY_SCREENS.get(kind.kind)?.columns;

/** Whether `field` of `kind` is left out of its form and its details (kept as stored). */
export const isHidden = (kind: DeclaredKind, field: DeclaredField): boolean => LEGACY_SCREENS.get(kind.kind)?.hidden?.includes(field.name) ?? false;

/** Whether the form of `kind` toasts its first failure though its rules word no toast (`hasOwnToasts`). */
export const toastsFirstError = (kind: DeclaredKind): boolean => LEGACY_SCREENS.get(kind.kind)?.toastsFirstError ?? false;

/** The fields of `kind` in the order its form lays them out. */
export function formOrder(kind: DeclaredKind): DeclaredField[] {
  const order = LEGACY_SCREENS.get(kind.kind)?.order ?? [];
  const rank = (field: DeclaredField) => (order.includes(field.name) ? order.indexOf(field.name) : order.length);
  return [...kind.fields].sort((a, b) => rank(a) - rank(b));
}
