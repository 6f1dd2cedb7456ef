import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/field';
import type { Values } from '../values';

const HEX = /^#[0-9A-Fa-f]{6}$/;

type ColourFieldProps = { name: string; common: { label: string; required?: boolean; optionalLabel?: string } };

/** A colour as its code (`#0B1F3A` or a CSS name), with a picker beside it for the hex codes. */
export function ColourField({ name, common }: ColourFieldProps) {
  const { t } = useTranslation();
  const { setValue } = useFormContext<Values>();
  const colour = useWatch<Values>({ name });
  const code = typeof colour === 'string' ? colour : '';
  return (
    <div className="color-field">
      <TextField<Values> name={name} {...common} placeholder="#0B1F3A" dir="ltr" spellCheck={false} />
      <input
        type="color"
        className="color-field__swatch"
        aria-label={t('kinds.colourPicker')}
        value={HEX.test(code) ? code : '#0b1f3a'}
        onChange={(event) => setValue(name, event.target.value.toUpperCase(), { shouldDirty: true })}
      />
    </div>
  );
}
