/**
 * The row menu: it opens on its button, and stays open through a scroll that moves nothing (the
 * one a browser reports a frame after the click, or its anchoring while pictures load), but
 * closes when its row moves away or the window is resized.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { RowMenu } from './row-menu';

const rect = (top: number) => ({ top, left: 500, bottom: top + 32, right: 532, width: 32, height: 32, x: 500, y: top, toJSON: () => ({}) }) as DOMRect;

function renderMenu() {
  render(<RowMenu label="Actions for Evenings in Jeddah" actions={[{ key: 'view', label: 'View', icon: null, onSelect: vi.fn() }]} />);
  return screen.getByRole('button', { name: 'Actions for Evenings in Jeddah' });
}

describe('the row menu', () => {
  it('stays open through a scroll that leaves its row where it was', async () => {
    const button = renderMenu();
    let top = 200;
    vi.spyOn(button, 'getBoundingClientRect').mockImplementation(() => rect(top));
    await userEvent.click(button);
    expect(screen.getByRole('menuitem', { name: 'View' })).toBeVisible();
    act(() => void fireEvent.scroll(window));
    expect(screen.getByRole('menuitem', { name: 'View' })).toBeVisible();
    // The row moved with the page: the menu would be beside another one.
    top = 120;
    act(() => void fireEvent.scroll(window));
    expect(screen.queryByRole('menuitem')).toBeNull();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when the window is resized', async () => {
    const button = renderMenu();
    vi.spyOn(button, 'getBoundingClientRect').mockImplementation(() => rect(200));
    await userEvent.click(button);
    expect(screen.getByRole('menuitem', { name: 'View' })).toBeVisible();
    act(() => void fireEvent(window, new Event('resize')));
    expect(screen.queryByRole('menuitem')).toBeNull();
  });
});
