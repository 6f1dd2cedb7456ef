import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The dashboard page number, kept in the address (`?page=2`) so Back and reload keep it. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page') ?? '1');
  const page = Number.isInteger(raw) && raw > 0 ? raw : 1;
  const setPage = useCallback(
    (next: number) =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          if (next <= 1) copy.delete('page');
          else copy.set('page', String(next));
          return copy;
        },
        { replace: false },
      ),
    [setParams],
  );
  return [page, setPage];
}
