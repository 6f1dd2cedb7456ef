/**
 * The editor of one declared field, by its type, made of the fields every form uses: a line, a
 * text area (a list of "key: value" lines too), the rich-text editor, the image dropzone, a
 * number, a choice, an item of another kind, a date, a colour; a key across the form, a flag as a
 * box to tick. An Arabic twin is typed right to left; an English text left to right even when the
 * admin works in Arabic.
 */
import { useTranslation } from 'react-i18next';
import { arabic, CheckboxField, english, SelectField, TextAreaField, TextField } from '@/components/form/field';
import { RichTextField } from '@/components/rich-text/rich-text-field';
import { UploadField } from '@/components/upload/upload-field';
import { findKind, inLanguage, kindLabel, useKinds, type DeclaredField } from '@/lib/kinds';
import { useReferences } from '../api/get-references';
import type { Shape } from '../legacy';
import { nameOf, type Values } from '../values';
import { ColourField } from './colour-field';

type EditorProps = {
  field: DeclaredField;
  /** Its label in the admin's language. */
  label: string;
  /** How it is edited: its declared type, unless its kind's former form did otherwise (`shapeOf`). */
  shape: Shape;
  /** An Arabic twin (in the Arabic tab). */
  isArabic: boolean;
  /** Its image's file input. */
  file: string;
  /** What the field does, under it, where its kind's own words say (a service's "Coming soon"). */
  hint?: string;
  /** A choice's placeholder ("Choose…", or its kind's own word). */
  choose?: string;
  /** What a reference says when the kind it names has no item yet, given that kind's name. */
  none?: (referenced: string) => string;
};

export function FieldEditor({ field, label, shape, isArabic, file, hint, choose, none }: EditorProps) {
  const { t, i18n } = useTranslation();
  const common = {
    name: field.name,
    label,
    required: field.required || undefined,
    optionalLabel: field.required ? undefined : t('common.optional'),
  };
  const written = isArabic ? arabic : english;
  // The table of rules bounds it too; this holds when this admin's table lacks the kind's form.
  const bound = field.max === null ? {} : { maxLength: field.max };
  switch (shape) {
    case 'textarea':
      return <TextAreaField<Values> {...common} {...written} {...bound} rows={4} className="form__full" />;
    case 'keyValues':
      return <TextAreaField<Values> {...common} {...written} {...bound} rows={6} hint={t('kinds.keyValuesHint')} className="form__full" />;
    case 'richtext':
      return (
        <div className="form__full">
          <RichTextField<Values> name={field.name} label={label} required={common.required} optionalLabel={common.optionalLabel} {...written} />
        </div>
      );
    case 'image':
      return (
        <div className="form__full">
          <UploadField<Values> fileName={file} urlName={field.name} label={label} required={field.required} />
        </div>
      );
    case 'number':
      return <TextField<Values> {...common} type="number" inputMode="numeric" step={1} className="field--narrow" />;
    case 'select':
      return (
        <SelectField<Values>
          {...common}
          options={(field.options ?? []).map((option) => ({ value: option.value, label: inLanguage(option.label, i18n.language) }))}
          placeholder={choose ?? t('kinds.choose')}
        />
      );
    case 'reference':
      return <ReferenceField field={field} common={common} choose={choose} none={none} />;
    case 'date':
      return <TextField<Values> {...common} type="date" dir="ltr" className="field--narrow" />;
    case 'colour':
      return <ColourField name={field.name} common={common} />;
    case 'key':
      return <TextField<Values> {...common} {...written} {...bound} autoComplete="off" className="form__full" />;
    case 'flag':
      return <CheckboxField<Values> name={field.name} label={label} hint={hint} className="form__full" />;
    default:
      return <TextField<Values> {...common} {...written} {...bound} autoComplete="off" />;
  }
}

type Common = { name: string; label: string; required?: boolean; optionalLabel?: string };

type ReferenceProps = { field: DeclaredField; common: Common; choose?: string; none?: (referenced: string) => string };

/** A choice among the items of the kind the field references (the first of its list); when it has none, says so. */
function ReferenceField({ field, common, choose, none }: ReferenceProps) {
  const { t, i18n } = useTranslation();
  const { data: kinds } = useKinds();
  const target = findKind(kinds, field.references);
  const [items] = useReferences(target ? [target] : []);
  const options = target ? (items?.data?.result ?? []).map((item) => ({ value: String(item.id), label: nameOf(target, item) })) : [];
  const empty = target && items?.data && options.length === 0 && none ? none(kindLabel(target, i18n.language)) : undefined;
  return <SelectField<Values> {...common} options={options} placeholder={choose ?? t('kinds.choose')} hint={empty} />;
}
