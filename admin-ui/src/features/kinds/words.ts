/**
 * What a kind's screens say: the templates of `kinds.*` with its declared names ("Add
 * Destination"), or its own words where the locale gives it some (`ownWord`: services, client
 * reviews, general content and service lists keep those of their former screens); its list's name,
 * what one item is called, its fields' labels (in the form and in the details) and its list's
 * headers likewise, a field's hint where its former form gave one, and a reference's placeholder
 * and what it says when there is nothing to choose.
 */
import { useTranslation } from 'react-i18next';
import { fieldLabelOf, kindLabel, kindOne, ownWord, type DeclaredField, type DeclaredKind } from '@/lib/kinds';

/** The templates a kind may word its own way. */
type KindWord =
  | 'add'
  | 'addTitle'
  | 'editTitle'
  | 'details'
  | 'back'
  | 'toast.added'
  | 'toast.addFailed'
  | 'toast.updated'
  | 'toast.updateFailed'
  | 'toast.deleted'
  | 'toast.deleteFailed';

export function useKindWords(kind: DeclaredKind) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const one = kindOne(kind, language);
  const label = kindLabel(kind, language);
  return {
    /** What its list is called. */
    label,
    /** A title, a link or a toast ("Add Destination", "Add client review"). */
    say: (word: KindWord) => ownWord(kind.kind, word, language) ?? t(`kinds.${word}`, { one, label }),
    /** A field's label. */
    field: (field: DeclaredField) => fieldLabelOf(kind, field, language),
    /** A field's header in the list: its own word ("Title" for general content's name), else its label. */
    column: (field: DeclaredField) => ownWord(kind.kind, `columns.${field.name}`, language) ?? fieldLabelOf(kind, field, language),
    /** A field's hint, if its own words give one (a service's "Coming soon"). */
    hint: (field: DeclaredField) => ownWord(kind.kind, `hints.${field.name}`, language),
    /** A field's label in the details: its own word there ("Service List Name"), else its label. */
    detail: (field: DeclaredField) => ownWord(kind.kind, `detailFields.${field.name}`, language) ?? fieldLabelOf(kind, field, language),
    /** A choice's placeholder: its own word ("Choose a service"), else "Choose…". */
    choose: (field: DeclaredField) => ownWord(kind.kind, `choose.${field.name}`, language) ?? t('kinds.choose'),
    /** What a reference says when the kind it names has no item yet. */
    none: (field: DeclaredField, referenced: string) => ownWord(kind.kind, `none.${field.name}`, language) ?? t('kinds.noReferences', { label: referenced }),
  };
}
