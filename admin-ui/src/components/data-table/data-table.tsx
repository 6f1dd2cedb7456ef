import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type Column<T> = {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** `media` cells are narrow; `wide` ones take the spare room. */
  width?: 'media' | 'wide' | 'narrow';
};

type DataTableProps<T extends { id: number }> = {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  /** Without them, the table has no actions column (a read-only list). */
  actionsHeader?: string;
  actions?: (row: T) => ReactNode;
  /**
   * Said under the specification's "No data available" when the table is empty: why (a filter,
   * the trash) and what to do. Every empty table says the specification's text first.
   */
  emptyNote?: ReactNode;
};

export function DataTable<T extends { id: number }>({ caption, columns, rows, actionsHeader, actions, emptyNote }: DataTableProps<T>) {
  const { t } = useTranslation();
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.width ? `col--${column.width}` : undefined}>
                {column.header}
              </th>
            ))}
            {actions ? (
              <th scope="col" className="col--actions">
                {actionsHeader}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length + (actions ? 1 : 0)} className="table__empty">
                <div className="no-match" role="status">
                  <p className="no-match__title">{t('common.noData')}</p>
                  {emptyNote}
                </div>
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                {columns.map((column) => (
                  <td key={column.key} data-label={column.header} className={column.width ? `col--${column.width}` : undefined}>
                    {column.cell(row)}
                  </td>
                ))}
                {actions ? <td className="col--actions">{actions(row)}</td> : null}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
