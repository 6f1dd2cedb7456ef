/**
 * The focal point, chosen on the picture itself: a click or a tap (or a drag) puts the marker
 * there; focused, the picture takes the arrow keys (Shift moves ten times further). The point is
 * kept from 0 to 1 across and down, `null` for none (crops keep the centre). The picture is never
 * mirrored, so neither are the keys: in Arabic too, → moves the marker right.
 */
import { useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '@/lib/responsive-image';

export type FocalPoint = { x: number; y: number };

export const CENTRE: FocalPoint = { x: 0.5, y: 0.5 };
const STEP = 0.01;
const BIG_STEP = 0.1;

const clamp = (value: number) => Math.min(1, Math.max(0, value));
/** Three decimals: a thousandth of the picture is finer than any crop needs. */
const tidy = (value: number) => Math.round(clamp(value) * 1000) / 1000;

/** The point under `(clientX, clientY)` of a picture drawn in `rect`, from 0 to 1 on each axis. */
export function pointAt(rect: Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>, clientX: number, clientY: number): FocalPoint | null {
  if (rect.width <= 0 || rect.height <= 0) return null;
  return { x: tidy((clientX - rect.left) / rect.width), y: tidy((clientY - rect.top) / rect.height) };
}

const MOVES: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** The point after a key, or `undefined` when the key does not move it. */
export function pointAfterKey(point: FocalPoint | null, key: string, shift: boolean): FocalPoint | undefined {
  const move = MOVES[key];
  if (!move) return undefined;
  const from = point ?? CENTRE;
  const step = shift ? BIG_STEP : STEP;
  return { x: tidy(from.x + move[0] * step), y: tidy(from.y + move[1] * step) };
}

/** `object-position` of a crop that keeps `point` in view. */
export const objectPosition = (point: FocalPoint | null) => {
  const { x, y } = point ?? CENTRE;
  return `${Math.round(x * 1000) / 10}% ${Math.round(y * 1000) / 10}%`;
};

type FocalPointPickerProps = {
  value: FocalPoint | null;
  onChange: (value: FocalPoint) => void;
  /** The picture, drawn at its full width inside the picker. */
  children: ReactNode;
  disabled?: boolean;
  invalid?: boolean;
  /** The ids of the hint and the error. */
  describedBy?: string;
  id?: string;
};

export function FocalPointPicker({ value, onChange, children, disabled = false, invalid = false, describedBy, id }: FocalPointPickerProps) {
  const { t, i18n } = useTranslation();
  const dragging = useRef(false);
  const percent = (share: number) => formatPercent(share, i18n.language);
  const shown = value ?? CENTRE;

  const moveTo = (event: PointerEvent<HTMLDivElement>) => {
    const point = pointAt(event.currentTarget.getBoundingClientRect(), event.clientX, event.clientY);
    if (point) onChange(point);
  };

  return (
    <div
      id={id}
      className={`focal-picker${disabled ? ' focal-picker--disabled' : ''}${invalid ? ' focal-picker--invalid' : ''}`}
      role="slider"
      tabIndex={disabled ? -1 : 0}
      aria-label={t('library.focal.label')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(shown.x * 100)}
      aria-valuetext={value ? t('library.focal.value', { x: percent(value.x), y: percent(value.y) }) : t('library.focal.unset')}
      aria-describedby={describedBy}
      aria-disabled={disabled || undefined}
      aria-invalid={invalid || undefined}
      dir="ltr"
      onPointerDown={(event) => {
        if (disabled || event.button !== 0) return;
        event.preventDefault();
        event.currentTarget.focus();
        event.currentTarget.setPointerCapture?.(event.pointerId);
        dragging.current = true;
        moveTo(event);
      }}
      onPointerMove={(event) => {
        if (dragging.current) moveTo(event);
      }}
      onPointerUp={() => (dragging.current = false)}
      onPointerCancel={() => (dragging.current = false)}
      onKeyDown={(event: KeyboardEvent<HTMLDivElement>) => {
        if (disabled) return;
        const next = pointAfterKey(value, event.key, event.shiftKey);
        if (!next) return;
        event.preventDefault();
        onChange(next);
      }}
    >
      {children}
      {/* Physical left and top: the picture is not mirrored in Arabic, so neither is its point. */}
      <span
        className={`focal-picker__marker${value ? '' : ' focal-picker__marker--unset'}`}
        style={{ left: `${shown.x * 100}%`, top: `${shown.y * 100}%` }}
        aria-hidden="true"
      />
    </div>
  );
}
