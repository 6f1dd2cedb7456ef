import { useTranslation } from 'react-i18next';
import { pageItems, totalPages } from '@/lib/pagination';
import { ChevronEndIcon, ChevronStartIcon } from '../icons/icons';

type PaginationProps = {
  page: number;
  totalCount: number;
  size: number;
  onChange: (page: number) => void;
};

/** Previous, numbered pages, Next; total pages = ceil(totalCount / size). */
export function Pagination({ page, totalCount, size, onChange }: PaginationProps) {
  const { t } = useTranslation();
  const pages = totalPages(totalCount, size);
  if (pages === 0) return null;
  const from = (page - 1) * size + 1;
  const to = Math.min(page * size, totalCount);
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      <p className="pagination__summary">{t('pagination.summary', { from, to, total: totalCount })}</p>
      <ul className="pagination__list">
        <li>
          <button
            type="button"
            className="pagination__btn"
            disabled={page <= 1}
            onClick={() => onChange(page - 1)}
          >
            <ChevronStartIcon width={16} height={16} />
            {t('pagination.previous')}
          </button>
        </li>
        {pageItems(page, pages).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className="pagination__btn pagination__num"
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('pagination.page', { page: item })}
                onClick={() => onChange(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="pagination__btn"
            disabled={page >= pages}
            onClick={() => onChange(page + 1)}
          >
            {t('pagination.next')}
            <ChevronEndIcon width={16} height={16} />
          </button>
        </li>
      </ul>
    </nav>
  );
}
