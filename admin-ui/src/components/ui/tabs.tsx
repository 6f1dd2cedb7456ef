/** Tabs (WAI-ARIA pattern): arrow keys move between tabs; panels stay mounted, hidden when inactive. */
import { useId, useRef, type ReactNode } from 'react';

export type TabItem = { key: string; label: ReactNode; panel: ReactNode; lang?: string; invalid?: boolean };

type TabsProps = { label: string; items: TabItem[]; active: string; onChange: (key: string) => void };

export function Tabs({ label, items, active, onChange }: TabsProps) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: React.KeyboardEvent) => {
    const keys = items.map((item) => item.key);
    const index = keys.indexOf(active);
    const rtl = getComputedStyle(list.current ?? document.body).direction === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    let next = index;
    if (event.key === forward) next = (index + 1) % keys.length;
    else if (event.key === backward) next = (index - 1 + keys.length) % keys.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = keys.length - 1;
    else return;
    event.preventDefault();
    onChange(keys[next]);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div className="tabs">
      <div ref={list} role="tablist" aria-label={label} className="tabs__list" onKeyDown={onKeyDown}>
        {items.map((item) => (
          <button
            key={item.key}
            type="button"
            role="tab"
            id={`${base}-tab-${item.key}`}
            aria-selected={item.key === active}
            aria-controls={`${base}-panel-${item.key}`}
            tabIndex={item.key === active ? 0 : -1}
            className="tabs__tab"
            lang={item.lang}
            onClick={() => onChange(item.key)}
          >
            {item.label}
            {item.invalid ? <span className="tabs__badge" aria-hidden="true">!</span> : null}
          </button>
        ))}
      </div>
      {items.map((item) => (
        <div
          key={item.key}
          role="tabpanel"
          id={`${base}-panel-${item.key}`}
          aria-labelledby={`${base}-tab-${item.key}`}
          hidden={item.key !== active}
          className="tabs__panel"
        >
          {item.panel}
        </div>
      ))}
    </div>
  );
}
