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
  actionsHeader: string;
  actions: (row: T) => ReactNode;
};

export function DataTable<T extends { id: number }>({ caption, columns, rows, actionsHeader, actions }: DataTableProps<T>) {
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
            <th scope="col" className="col--actions">
              {actionsHeader}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length + 1} className="table__empty">
                {t('common.noData')}
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
                <td className="col--actions">{actions(row)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
