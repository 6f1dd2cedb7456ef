/** Pagination maths of the dashboards: total pages = ceil(totalCount / size). */
export function totalPages(totalCount: number, size: number): number {
  if (!Number.isFinite(totalCount) || totalCount <= 0 || size <= 0) return 0;
  return Math.ceil(totalCount / size);
}

/** A requested page brought into 1..total (1 when there is nothing). */
export function clampPage(page: number, total: number): number {
  if (!Number.isFinite(page) || page < 1) return 1;
  return total > 0 ? Math.min(Math.floor(page), total) : 1;
}

export type PageItem = number | 'gap';

/**
 * The numbered buttons: every page when there are few, otherwise the first, the last, and the
 * neighbours of the current page, with gaps between.
 */
export function pageItems(current: number, total: number, neighbours = 1): PageItem[] {
  if (total <= 0) return [];
  const window = neighbours * 2 + 5;
  if (total <= window) return Array.from({ length: total }, (_, i) => i + 1);
  const start = Math.max(2, Math.min(current - neighbours, total - neighbours * 2 - 2));
  const end = Math.min(total - 1, Math.max(current + neighbours, neighbours * 2 + 3));
  const items: PageItem[] = [1];
  if (start > 2) items.push('gap');
  for (let page = start; page <= end; page += 1) items.push(page);
  if (end < total - 1) items.push('gap');
  items.push(total);
  return items;
}
