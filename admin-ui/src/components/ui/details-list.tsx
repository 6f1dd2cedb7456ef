import type { ReactNode } from 'react';

export type DetailItem = { label: string; value: ReactNode; lang?: string; dir?: 'rtl' | 'ltr' };

/** Label / value pairs of a details modal. Empty values show a dash. */
export function DetailsList({ items }: { items: DetailItem[] }) {
  return (
    <dl className="details">
      {items.map((item) => (
        <div key={item.label} className="details__row">
          <dt>{item.label}</dt>
          <dd lang={item.lang} dir={item.dir}>
            {item.value === '' || item.value === null || item.value === undefined ? '—' : item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
