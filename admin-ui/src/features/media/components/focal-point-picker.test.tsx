/** The focal point on the picture: a click (or tap) and the arrow keys set it, always from 0 to 1. */
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@/lib/i18n';
import { FocalPointPicker, objectPosition, pointAfterKey, pointAt, type FocalPoint } from './focal-point-picker';

/** The picture is drawn 400 × 200 px, 100 px from the left and 50 px from the top of the window. */
const RECT = { left: 100, top: 50, width: 400, height: 200, right: 500, bottom: 250, x: 100, y: 50, toJSON: () => ({}) } as DOMRect;

function Harness({ initial = null, disabled = false }: { initial?: FocalPoint | null; disabled?: boolean }) {
  const [point, setPoint] = useState<FocalPoint | null>(initial);
  return (
    <>
      <FocalPointPicker value={point} onChange={setPoint} disabled={disabled}>
        <img src="/media/dunes.jpg" alt="" width={1600} height={800} />
      </FocalPointPicker>
      <output data-testid="point">{point ? `${point.x},${point.y}` : 'none'}</output>
    </>
  );
}

function renderPicker(props: Parameters<typeof Harness>[0] = {}) {
  render(<Harness {...props} />);
  const slider = screen.getByRole('slider', { name: i18n.t('library.focal.label') });
  vi.spyOn(slider, 'getBoundingClientRect').mockReturnValue(RECT);
  return slider;
}

const point = () => screen.getByTestId('point').textContent;

describe('focal point picker', () => {
  it('says the centre is used until a point is chosen', () => {
    const slider = renderPicker();
    expect(slider).toHaveAttribute('aria-valuetext', 'Not set: crops keep the centre');
    expect(slider).toHaveAttribute('tabindex', '0');
    expect(point()).toBe('none');
  });

  it('puts the point where the picture is clicked or tapped, as shares of its width and height', () => {
    const slider = renderPicker();
    fireEvent.pointerDown(slider, { clientX: 200, clientY: 200, button: 0, pointerId: 1 });
    expect(point()).toBe('0.25,0.75');
    expect(slider).toHaveAttribute('aria-valuetext', '25% across, 75% down');
    expect(slider).toHaveFocus();
    // Dragged past the picture's edge: held at the edge.
    fireEvent.pointerMove(slider, { clientX: 900, clientY: -40, pointerId: 1 });
    expect(point()).toBe('1,0');
    fireEvent.pointerUp(slider, { pointerId: 1 });
    fireEvent.pointerMove(slider, { clientX: 300, clientY: 150, pointerId: 1 });
    expect(point(), 'no longer dragging').toBe('1,0');
  });

  it('moves with the arrow keys from the centre, ten times further with Shift, and never past an edge', async () => {
    const user = userEvent.setup();
    const slider = renderPicker();
    await user.tab();
    expect(slider).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowUp}');
    expect(point()).toBe('0.52,0.49');
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(point()).toBe('0.52,0.59');
    for (let i = 0; i < 8; i += 1) await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(point()).toBe('0,0.59');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
  });

  it('keeps → moving the marker right in Arabic (the picture is not mirrored)', async () => {
    await i18n.changeLanguage('ar');
    const user = userEvent.setup();
    const slider = renderPicker({ initial: { x: 0.3, y: 0.3 } });
    expect(slider).toHaveAttribute('dir', 'ltr');
    expect(slider).toHaveAccessibleName(i18n.t('library.focal.label'));
    slider.focus();
    await user.keyboard('{ArrowRight}');
    expect(point()).toBe('0.31,0.3');
  });

  it('stays still when disabled', async () => {
    const user = userEvent.setup();
    const slider = renderPicker({ initial: { x: 0.3, y: 0.3 }, disabled: true });
    expect(slider).toHaveAttribute('aria-disabled', 'true');
    expect(slider).toHaveAttribute('tabindex', '-1');
    fireEvent.pointerDown(slider, { clientX: 200, clientY: 200, button: 0 });
    slider.focus();
    await user.keyboard('{ArrowRight}');
    expect(point()).toBe('0.3,0.3');
  });
});

describe('focal point maths', () => {
  it.each([
    [100, 50, { x: 0, y: 0 }, 'the top left corner'],
    [500, 250, { x: 1, y: 1 }, 'the bottom right corner'],
    [333, 111, { x: 0.583, y: 0.305 }, 'a thousandth is fine enough'],
    [0, 1000, { x: 0, y: 1 }, 'outside the picture: held at its edges'],
  ])('(%s, %s) is %o (%s)', (clientX, clientY, expected) => {
    expect(pointAt(RECT, clientX, clientY)).toEqual(expected);
  });

  it('has no point on a picture not drawn yet', () => {
    expect(pointAt({ left: 0, top: 0, width: 0, height: 0 }, 10, 10)).toBeNull();
  });

  it('ignores keys that do not move it', () => {
    expect(pointAfterKey({ x: 0.5, y: 0.5 }, 'Enter', false)).toBeUndefined();
    expect(pointAfterKey({ x: 0.999, y: 0.5 }, 'ArrowRight', false)).toEqual({ x: 1, y: 0.5 });
  });

  it('gives the crops their object-position (the centre when none is set)', () => {
    expect(objectPosition({ x: 0.25, y: 0.705 })).toBe('25% 70.5%');
    expect(objectPosition(null)).toBe('50% 50%');
  });
});
