/**
 * What a kind's screens say: the templates of `kinds.*` with its declared names ("Add
 * Destination"), or its own words where the locale gives it some (`ownWord`: services, client
 * reviews and general content keep those of their former screens); its list's name, its fields'
 * labels and its list's headers likewise, and a field's hint where its former form gave one.
 */
import { useTranslation } from 'react-i18next';
import { fieldLabelOf, inLanguage, kindLabel, ownWord, type DeclaredField, type DeclaredKind } from '@/lib/kinds';

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
  const one = inLanguage(kind.one, language);
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
  };
}
