/**
 * A field's value as the list and the details show it, by its type: an image as a thumbnail, a
 * choice (or a flag) by its label, a reference by the name of the item it names, dates as the
 * other lists write them, formatted text as the site will show it, lines of text on two lines at
 * most in a list, a key as code; what staff wrote in its own direction (an English name in the
 * Arabic admin reads left to right, its punctuation where it was typed).
 */
import { useTranslation } from 'react-i18next';
import { Thumb } from '@/components/ui/media';
import { formatDate } from '@/lib/dates';
import { findKind, inLanguage, useKinds, type DeclaredField, type DeclaredKind } from '@/lib/kinds';
import { useReferences } from '../api/get-references';
import { shapeOf } from '../legacy';
import type { Item } from '../types';
import { nameOf } from '../values';
import { textOfMarkup } from '@/lib/plain-text';

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/** The names of the items each reference field of `kind` may name, by field and id. */
function useReferenceNames(kind: DeclaredKind): (field: DeclaredField, id: unknown) => string | undefined {
  const { data: kinds } = useKinds();
  const referenced = kind.fields.flatMap((field) => {
    const target = field.type === 'reference' ? findKind(kinds, field.references) : undefined;
    return target ? [{ field: field.name, target }] : [];
  });
  const lists = useReferences(referenced.map((r) => r.target));
  return (field, id) => {
    const at = referenced.findIndex((r) => r.field === field.name);
    const found = lists[at]?.data?.result.find((item) => String(item.id) === String(id));
    return found ? nameOf(referenced[at].target, found) : undefined;
  };
}

/** `(field, item)` → what the list's cell or the details' value shows. */
export function useShown(kind: DeclaredKind) {
  const { i18n } = useTranslation();
  const referenceName = useReferenceNames(kind);
  return (field: DeclaredField, item: Item, where: 'cell' | 'details' = 'cell') => {
    const value = item[field.name];
    if (isBlank(value)) return '';
    const text = String(value);
    switch (shapeOf(kind, field)) {
      case 'image':
        return <Thumb src={text} alt={nameOf(kind, item)} />;
      // A flag by the label of the choice it is declared as ("Coming soon", "Available").
      case 'flag':
      case 'select': {
        const option = field.options?.find((o) => o.value === text);
        return option ? inLanguage(option.label, i18n.language) : text;
      }
      case 'reference': {
        const name = referenceName(field, value);
        return name === undefined ? `#${text}` : <bdi>{name}</bdi>;
      }
      case 'date':
        return formatDate(text);
      case 'colour':
        return (
          <span className="swatch">
            <span className="swatch__chip" style={{ background: text }} aria-hidden="true" />
            <code dir="ltr">{text}</code>
          </span>
        );
      case 'richtext':
        // The server keeps only safe markup (it sanitises on save), as the blogs' details show it.
        return where === 'details' ? (
          <div className="prose" dir="auto" dangerouslySetInnerHTML={{ __html: text }} />
        ) : (
          <bdi>{textOfMarkup(text)}</bdi>
        );
      case 'textarea':
      case 'keyValues':
        return where === 'details' ? (
          <p className="pre-line" dir="auto">
            {text}
          </p>
        ) : (
          <span className="cell-clamp" dir="auto">
            {text}
          </span>
        );
      case 'key':
        return where === 'details' ? <code dir="ltr">{text}</code> : <code className="cell-key" dir="ltr">{text}</code>;
      case 'text':
        // Written by staff in either language: its own direction, whatever the admin's.
        return <bdi>{text}</bdi>;
      default:
        return text;
    }
  };
}
