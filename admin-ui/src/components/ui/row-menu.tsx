/**
 * The row menu of a dashboard table: a button that opens View / Edit / Delete. Arrow keys move
 * between items, Escape closes and returns focus to the button. The open menu is placed against
 * the window (below the button, or above it when there is no room), so the table's scrolling
 * box never cuts it off; a scroll that moves its row, or a resize, closes it. A scroll that moves
 * nothing (one the browser reports late, after the click that opened the menu, or its anchoring
 * while pictures load above) leaves it open.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { MoreIcon } from '../icons/icons';

export type RowAction = {
  key: string;
  label: string;
  icon: ReactNode;
  onSelect: () => void;
  tone?: 'danger';
};

type RowMenuProps = { label: string; actions: RowAction[] };

export function RowMenu({ label, actions }: RowMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  /** Where the button was when the menu was placed. */
  const placedAt = useRef<{ top: number; left: number } | null>(null);

  // Placed before the first paint (and before the first item takes focus, which would otherwise
  // scroll the table's box to reach it).
  useLayoutEffect(() => {
    const list = menu.current;
    if (!open || !button.current || !list) return;
    const edge = 8;
    const anchor = button.current.getBoundingClientRect();
    placedAt.current = { top: anchor.top, left: anchor.left };
    const height = list.offsetHeight;
    const below = anchor.bottom + 4;
    const above = anchor.top - 4 - height;
    const top = below + height > window.innerHeight - edge && above >= edge ? above : below;
    const rtl = getComputedStyle(list).direction === 'rtl';
    const end = rtl ? anchor.left : document.documentElement.clientWidth - anchor.right;
    Object.assign(list.style, { position: 'fixed', insetBlockStart: `${top}px`, insetInlineEnd: `${Math.max(edge, end)}px` });
  }, [open]);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus({ preventScroll: true });
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    // The menu stays where it was put: a scroll that moves the button, or a resize, would leave
    // it beside another row.
    const onScroll = (event: Event) => {
      if (event.target instanceof Node && menu.current?.contains(event.target)) return;
      const at = button.current?.getBoundingClientRect();
      const placed = placedAt.current;
      if (!at || !placed || Math.abs(at.top - placed.top) > 1 || Math.abs(at.left - placed.left) > 1) setOpen(false);
    };
    const onResize = () => setOpen(false);
    document.addEventListener('mousedown', onPointer);
    window.addEventListener('scroll', onScroll, true);
    window.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      window.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', onResize);
    };
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const items = Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      items[(index + 1) % items.length]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      items[(index - 1 + items.length) % items.length]?.focus();
    } else if (event.key === 'Home') {
      event.preventDefault();
      items[0]?.focus();
    } else if (event.key === 'End') {
      event.preventDefault();
      items[items.length - 1]?.focus();
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div className="row-menu">
      <button
        ref={button}
        type="button"
        className="icon-btn"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <MoreIcon />
      </button>
      {open ? (
        <ul ref={menu} id={menuId} role="menu" aria-label={label} className="row-menu__list" onKeyDown={onKeyDown}>
          {actions.map((action) => (
            <li key={action.key} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={`row-menu__item${action.tone === 'danger' ? ' row-menu__item--danger' : ''}`}
                onClick={() => {
                  // Focus goes back to the menu button first, so a dialog opened by the
                  // action returns focus there when it closes.
                  close(true);
                  action.onSelect();
                }}
              >
                {action.icon}
                {action.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
